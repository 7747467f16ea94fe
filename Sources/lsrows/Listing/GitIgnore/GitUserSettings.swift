import Glibc

/// What git's configuration outside any repository says about ignored
/// files: the `core.excludesFile` of the system and the user's files, read
/// once for every work tree a listing meets.
struct GitUserSettings: Sendable {
  /// The last `core.excludesFile` of the system and global files, if any.
  let excludesFile: [UInt8]?
  /// Files that could not be read or parsed.
  let failures: [SystemError]
  /// `$HOME`, for `~/`.
  let home: [UInt8]?
  /// Where the ignore file is when no `core.excludesFile` is set:
  /// `$XDG_CONFIG_HOME/git/ignore`, else `~/.config/git/ignore`.
  let defaultExcludesFile: [UInt8]?

  /// No settings and no user ignore file.
  static let none = GitUserSettings(
    excludesFile: nil, failures: [], home: nil, defaultExcludesFile: nil)

  /// Reads the system file (`/etc/gitconfig`, or `$GIT_CONFIG_SYSTEM`;
  /// none with `$GIT_CONFIG_NOSYSTEM`), then the global ones
  /// (`$GIT_CONFIG_GLOBAL`, else `$XDG_CONFIG_HOME/git/config` or
  /// `~/.config/git/config`, then `~/.gitconfig`), as git orders them.
  static func read() -> GitUserSettings {
    let home = environmentValue("HOME").flatMap { $0.isEmpty ? nil : $0 }
    let xdg = environmentValue("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 }
    let xdgGit =
      xdg.map { $0 + Array("/git/".utf8) } ?? home.map { $0 + Array("/.config/git/".utf8) }
    var files: [[UInt8]] = []
    if !isTrue(environmentValue("GIT_CONFIG_NOSYSTEM")) {
      files.append(environmentValue("GIT_CONFIG_SYSTEM") ?? Array("/etc/gitconfig".utf8))
    }
    if let global = environmentValue("GIT_CONFIG_GLOBAL") {
      files.append(global)
    } else {
      if let xdgGit { files.append(xdgGit + Array("config".utf8)) }
      if let home { files.append(home + Array("/.gitconfig".utf8)) }
    }
    var excludesFile: [UInt8]?
    var failures: [SystemError] = []
    for file in files where !file.isEmpty {
      GitConfigFiles.read(file, relativeTo: .currentDirectory, home: home, depth: 0) { setting in
        excludesFile = setting
      } failed: {
        failures.append($0)
      }
    }
    return GitUserSettings(
      excludesFile: excludesFile, failures: failures, home: home,
      defaultExcludesFile: xdgGit.map { $0 + Array("ignore".utf8) })
  }

  /// git's reading of a boolean environment variable.
  private static func isTrue(_ value: [UInt8]?) -> Bool {
    guard let value else { return false }
    let word = String(decoding: value, as: UTF8.self).lowercased()
    return ["1", "true", "yes", "on"].contains(word)
  }
}

/// Reading git configuration files for `core.excludesFile`, following
/// `include.path`.
enum GitConfigFiles {
  /// How deep includes go, as git limits them.
  static let includeDepth = 10

  /// Reads `path` (from `directory`, or absolute), handing each
  /// `core.excludesFile` value to `found` in order, through includes.
  ///
  /// A missing file is no failure; one that cannot be read, or has a line
  /// git refuses, is, and nothing of a refused file counts.
  static func read(
    _ path: [UInt8], relativeTo directory: FileDescriptor, home: [UInt8]?, depth: Int,
    found: ([UInt8]) -> Void, failed: (SystemError) -> Void
  ) {
    let contents: [UInt8]
    do throws(Errno) {
      contents = try path.withCString { path throws(Errno) in try directory.contents(of: path) }
    } catch .noSuchFileOrDirectory, .notADirectory {
      return
    } catch {
      return failed(SystemError(call: .readIgnoreFile, path: path, errno: error))
    }
    let settings: [GitConfigReader.Setting]
    do throws(GitConfigReader.BadLine) {
      settings = try GitConfigReader.settings(in: contents)
    } catch {
      return failed(
        SystemError(call: .configLine(error.line), path: path, errno: Errno(rawValue: EINVAL)))
    }
    for setting in settings {
      switch setting {
      case .excludesFile(let value):
        found(expandingHome(value, home: home))
      case .include(let included):
        guard depth < includeDepth, !included.isEmpty else { continue }
        var includedPath = expandingHome(included, home: home)
        if includedPath.first != UInt8(ascii: "/"),
          let slash = path.lastIndex(of: UInt8(ascii: "/"))
        {
          includedPath = Array(path[...slash]) + includedPath
        }
        read(
          includedPath, relativeTo: directory, home: home, depth: depth + 1, found: found,
          failed: failed)
      }
    }
  }

  /// `path` with a leading `~/` (or `~user/`) made the home directory, as
  /// git reads paths in its configuration.
  static func expandingHome(_ path: [UInt8], home: [UInt8]?) -> [UInt8] {
    guard path.first == UInt8(ascii: "~") else { return path }
    let end = path.firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
    let user = path[1..<end]
    if user.isEmpty {
      guard let home else { return path }
      return home + path[end...]
    }
    guard let entry = Array(user).withCString({ getpwnam($0) }),
      let directory = entry.pointee.pw_dir
    else { return path }
    return Array(UnsafeBufferPointer(start: directory, count: strlen(directory))).map {
      UInt8(bitPattern: $0)
    } + path[end...]
  }
}

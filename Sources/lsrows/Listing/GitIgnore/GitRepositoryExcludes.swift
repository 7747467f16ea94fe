/// A repository's ignore patterns that hold throughout its work tree, below
/// every `.gitignore`: `$GIT_DIR/info/exclude`, then `core.excludesFile`.
final class GitRepositoryExcludes: Sendable {
  let infoExclude: [GitIgnorePattern]
  let excludesFile: [GitIgnorePattern]
  let settings: GitUserSettings
  /// Files that could not be read, reported once for the work tree.
  let failures: [SystemError]

  init(
    infoExclude: [GitIgnorePattern], excludesFile: [GitIgnorePattern],
    settings: GitUserSettings = .none, failures: [SystemError] = []
  ) {
    self.infoExclude = infoExclude
    self.excludesFile = excludesFile
    self.settings = settings
    self.failures = failures
  }

  /// Reads the patterns of the work tree open at `workTree`, whose git
  /// directory is `gitDirectory` (from the top, or absolute).
  ///
  /// `core.excludesFile` is the repository's own (`$GIT_DIR/config`) when
  /// it sets one, else the user's; a relative path is from the top.
  init(
    workTree: FileDescriptor, gitDirectory: [UInt8], messagePrefix: [UInt8],
    settings: GitUserSettings
  ) {
    self.settings = settings
    var failures: [SystemError] = []
    func named(_ path: [UInt8]) -> [UInt8] {
      path.first == UInt8(ascii: "/") ? path : messagePrefix + path
    }
    var excludesFile = settings.excludesFile
    GitConfigFiles.read(
      gitDirectory + Array("/config".utf8), relativeTo: workTree, home: settings.home, depth: 0,
      found: { excludesFile = $0 },
      failed: { failures.append(SystemError(call: $0.call, path: named($0.path), errno: $0.errno)) }
    )
    func patterns(of path: [UInt8]) -> [GitIgnorePattern] {
      do throws(Errno) {
        let contents = try path.withCString { path throws(Errno) in
          try workTree.contents(of: path)
        }
        return GitIgnorePattern.patterns(in: contents)
      } catch .noSuchFileOrDirectory, .notADirectory, .isADirectory {
        return []
      } catch {
        failures.append(SystemError(call: .readIgnoreFile, path: named(path), errno: error))
        return []
      }
    }
    infoExclude = patterns(of: gitDirectory + Array("/info/exclude".utf8))
    if let file = excludesFile ?? settings.defaultExcludesFile, !file.isEmpty {
      self.excludesFile = patterns(of: file)
    } else {
      self.excludesFile = []
    }
    self.failures = failures
  }
}

import Glibc

/// Finding the git work tree a path is in, as git finds it: the nearest
/// directory, from the path up, holding a `.git` directory that looks like
/// a repository (it has `HEAD`) or a `.git` file that names one
/// (`gitdir: PATH`).
enum GitWorkTree {
  /// Where the rules of a directory operand come from.
  enum OperandRules {
    /// Not in a work tree: git ignores nothing there.
    case outside
    /// The operand, or a directory above it in its work tree, is ignored.
    case excluded
    case scope(GitIgnoreScope)
  }

  /// The directory at `path` (bytes, any but NUL), open; `nil` when it
  /// cannot be opened.
  static func openDirectory(_ path: [UInt8]) -> FileDescriptor? {
    try? path.withCString { path throws(Errno) in try FileDescriptor.openDirectory(path) }
  }

  /// The git directory of the work tree whose top is open at `directory`
  /// (relative to it, or absolute); `nil` when there is none.
  static func gitDirectory(in directory: FileDescriptor) -> [UInt8]? {
    guard let status = try? directory.status(of: ".git", followingSymlink: true) else {
      return nil
    }
    if status.kind == .directory {
      return directory.isAccessible(".git/HEAD")
        || (try? directory.status(
          of: ".git/HEAD", followingSymlink: true)) != nil
        ? Array(".git".utf8) : nil
    }
    guard status.kind == .regularFile,
      let contents = try? directory.contents(of: ".git", limit: 1 << 16),
      contents.starts(with: Array("gitdir: ".utf8))
    else { return nil }
    var path = contents.dropFirst(8)
    while let last = path.last, last == 0x0A || last == 0x0D || last == 0x20 {
      path = path.dropLast()
    }
    return path.isEmpty ? nil : Array(path)
  }

  /// The rules of the directory operand `operand`: its work tree's, from
  /// the top down to it; `.excluded` when git ignores it or a directory on
  /// the way.
  ///
  /// - Parameters:
  ///   - operand: The directory, as given.
  ///   - settings: The user's git settings.
  ///   - failed: Receives what could not be read on the way.
  /// - Returns: The rules, or why there are none.
  static func rules(
    ofDirectory operand: [UInt8], settings: GitUserSettings, failed: (SystemError) -> Void
  ) -> OperandRules {
    guard let absolute = CanonicalPath.resolve(operand) else { return .outside }
    // The components of the absolute path; the top is the longest prefix
    // that holds a repository.
    let components = absolute.split(separator: UInt8(ascii: "/")).map(Array.init)
    var top: Int?
    var gitDirectory: [UInt8] = []
    for depth in stride(from: components.count, through: 0, by: -1) {
      let path =
        [UInt8(ascii: "/")] + Array(components[..<depth].joined(separator: [UInt8(ascii: "/")]))
      guard let directory = openDirectory(path) else { continue }
      defer { directory.close() }
      if let found = Self.gitDirectory(in: directory) {
        top = depth
        gitDirectory = found
        break
      }
    }
    guard let top else { return .outside }
    // Inside the repository's own directory, git lists no work tree.
    if components[top...].contains(Array(".git".utf8)) { return .excluded }
    // Messages name the files above and at the operand by absolute path.
    var path =
      [UInt8(ascii: "/")] + Array(components[..<top].joined(separator: [UInt8(ascii: "/")]))
    var messagePrefix = path.count > 1 ? path + [UInt8(ascii: "/")] : path
    guard let topDirectory = openDirectory(path) else { return .outside }
    var scope = GitIgnoreScope.top(
      at: topDirectory, gitDirectory: gitDirectory, messagePrefix: messagePrefix,
      settings: settings)
    topDirectory.close()
    for failure in scope.excludes.failures { failed(failure) }
    if let failure = scope.failure { failed(failure) }
    for depth in top..<components.count {
      let name = components[depth][...]
      if scope.excludes(name, isDirectory: true) { return .excluded }
      if path.last != UInt8(ascii: "/") { path.append(UInt8(ascii: "/")) }
      path += name
      messagePrefix += name + [UInt8(ascii: "/")]
      guard let directory = openDirectory(path) else { return .scope(scope) }
      scope = scope.entering(name, at: directory, messagePrefix: messagePrefix)
      directory.close()
      if let failure = scope.failure { failed(failure) }
    }
    return .scope(scope)
  }
}

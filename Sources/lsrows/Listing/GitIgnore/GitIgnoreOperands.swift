/// `--gitignore` for operands: the rules of each directory an operand is
/// in or is, found once per directory (``GitWorkTree``), and whether git
/// ignores an operand.
final class GitIgnoreOperands {
  private let settings: GitUserSettings
  private var rulesByDirectory: [[UInt8]: GitWorkTree.OperandRules] = [:]

  init(settings: GitUserSettings) {
    self.settings = settings
  }

  /// The rules of the directory `path`, and its own `.gitignore`; what
  /// cannot be read goes to `failed`, the first time only.
  func rules(
    ofDirectory path: [UInt8], failed: (SystemError) -> Void
  ) -> GitWorkTree.OperandRules {
    if let rules = rulesByDirectory[path] { return rules }
    let rules = GitWorkTree.rules(ofDirectory: path, settings: settings, failed: failed)
    rulesByDirectory[path] = rules
    return rules
  }

  /// Whether git ignores the operand `path`, listed as itself: `.git`, or
  /// what its directory's rules ignore, or anything in an ignored
  /// directory; never the top of a work tree, whose repository git finds
  /// from the operand itself.
  func excludes(
    _ path: [UInt8], isDirectory: Bool, failed: (SystemError) -> Void
  ) -> Bool {
    let slash = UInt8(ascii: "/")
    var trimmed = path[...]
    while trimmed.count > 1 && trimmed.last == slash { trimmed = trimmed.dropLast() }
    let lastSlash = trimmed.lastIndex(of: slash)
    let name = lastSlash.map { trimmed[($0 + 1)...] } ?? trimmed
    if GitIgnoreScope.isGitDirectoryName(name) { return true }
    guard !name.isEmpty, !name.elementsEqual(".".utf8), !name.elementsEqual("..".utf8) else {
      return false
    }
    if isDirectory, let top = GitWorkTree.openDirectory(path) {
      defer { top.close() }
      if GitWorkTree.gitDirectory(in: top) != nil { return false }
    }
    let directory: [UInt8]
    switch lastSlash {
    case nil: directory = Array(".".utf8)
    case trimmed.startIndex?: directory = [slash]
    case let slash?: directory = Array(trimmed[..<slash])
    }
    switch rules(ofDirectory: directory, failed: failed) {
    case .outside: return false
    case .excluded: return true
    case .scope(let scope): return scope.excludes(name, isDirectory: isDirectory)
    }
  }
}

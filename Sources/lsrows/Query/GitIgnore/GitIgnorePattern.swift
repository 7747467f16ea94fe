/// One line of an ignore file, read as git reads it (`gitignore(5)`).
struct GitIgnorePattern: Sendable {
  /// The pattern without its leading `!` and trailing `/`.
  let bytes: [UInt8]
  /// `!`: a match re-includes.
  let isNegated: Bool
  /// A trailing `/`: only directories match.
  let matchesDirectoriesOnly: Bool
  /// No `/` (but a trailing one): matched against the base name alone, at
  /// any depth.
  let matchesBaseName: Bool
  /// `*` then no special byte: the base name ends with the rest.
  let isSuffix: Bool
  /// How many bytes from the start hold no special byte.
  let literalPrefix: Int

  /// The pattern of `line`, a line whose line end, trailing spaces and
  /// comment are dealt with already (``patterns(in:)``).
  init(line: ArraySlice<UInt8>) {
    var line = line
    isNegated = line.first == UInt8(ascii: "!")
    if isNegated { line = line.dropFirst() }
    matchesDirectoriesOnly = line.last == UInt8(ascii: "/")
    if matchesDirectoriesOnly { line = line.dropLast() }
    bytes = Array(line)
    matchesBaseName = !bytes.contains(UInt8(ascii: "/"))
    literalPrefix = bytes.firstIndex(where: WildMatch.isSpecial) ?? bytes.count
    isSuffix =
      bytes.first == UInt8(ascii: "*") && !bytes.dropFirst().contains(where: WildMatch.isSpecial)
  }

  /// The patterns of an ignore file's bytes, in file order: a byte order
  /// mark skipped, lines split at `\n` (a `\r` before it dropped, a last
  /// line without one kept), blank lines and `#` comments skipped, and
  /// trailing spaces dropped unless escaped.
  ///
  /// A line is cut at a NUL, as git reads each line as a C string.
  static func patterns(in file: [UInt8]) -> [GitIgnorePattern] {
    var bytes = file[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    var patterns: [GitIgnorePattern] = []
    for var line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      guard line.first != UInt8(ascii: "#") else { continue }
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      if let nul = line.firstIndex(of: 0) { line = line[..<nul] }
      patterns.append(GitIgnorePattern(line: withoutTrailingSpaces(line)))
    }
    return patterns
  }

  /// `line` without the spaces that end it, unless a backslash escapes the
  /// first of them; a backslash that ends the line keeps it whole.
  private static func withoutTrailingSpaces(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var firstTrailingSpace: Int?
    var index = line.startIndex
    while index < line.endIndex {
      switch line[index] {
      case UInt8(ascii: " "):
        if firstTrailingSpace == nil { firstTrailingSpace = index }
      case UInt8(ascii: "\\"):
        index += 1
        if index == line.endIndex { return line }
        firstTrailingSpace = nil
      default:
        firstTrailingSpace = nil
      }
      index += 1
    }
    return firstTrailingSpace.map { line[..<$0] } ?? line
  }

  /// Whether the pattern matches the entry at `path` (below the work
  /// tree's top, no trailing slash), whose base name starts at
  /// `baseNameStart`, for a pattern read from the ignore file of the
  /// directory `base` (below the top, no trailing slash; empty for the
  /// top and for the repository-wide files).
  func matches(
    path: UnsafeBufferPointer<UInt8>, baseNameStart: Int, isDirectory: Bool,
    base: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if matchesDirectoriesOnly && !isDirectory { return false }
    return bytes.withUnsafeBufferPointer { pattern in
      if matchesBaseName {
        return matchesBaseName(
          UnsafeBufferPointer(rebasing: path[baseNameStart...]), pattern: pattern)
      }
      return matchesPath(path, base: base, pattern: pattern)
    }
  }

  private func matchesBaseName(
    _ name: UnsafeBufferPointer<UInt8>, pattern: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if literalPrefix == pattern.count {
      return name.elementsEqual(pattern)
    }
    if isSuffix {
      let suffix = pattern.count - 1
      return suffix <= name.count
        && name[(name.count - suffix)...].elementsEqual(pattern[1...])
    }
    return WildMatch.matches(pattern, name, pathname: false)
  }

  /// A pattern with a slash: matched, from the directory of its file, with
  /// stars that stop at slashes; a leading slash only anchors it.
  private func matchesPath(
    _ path: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>,
    pattern: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var pattern = pattern[...]
    var prefix = literalPrefix
    if pattern.first == UInt8(ascii: "/") {
      pattern = pattern.dropFirst()
      prefix -= 1
    }
    guard path.count >= base.count + 1,
      base.isEmpty || path[base.count] == UInt8(ascii: "/"),
      path[..<base.count].elementsEqual(base)
    else { return false }
    var name = path[(base.isEmpty ? 0 : base.count + 1)...]
    if prefix > 0 {
      guard prefix <= name.count, name.prefix(prefix).elementsEqual(pattern.prefix(prefix)) else {
        return false
      }
      pattern = pattern.dropFirst(prefix)
      name = name.dropFirst(prefix)
      if pattern.isEmpty && name.isEmpty { return true }
    }
    return WildMatch.matches(
      UnsafeBufferPointer(rebasing: pattern), UnsafeBufferPointer(rebasing: name), pathname: true)
  }
}

extension GlobPattern {
  /// Why a pattern is not a glob, and where (a byte offset in it).
  struct ParseError: Error, Equatable {
    let reason: String
    let offset: Int
  }

  /// Compiles `pattern`.
  ///
  /// - Parameters:
  ///   - pattern: The glob's bytes.
  ///   - matchesSlashes: False for paths, where `*` stays in a component.
  /// - Throws: ``ParseError`` for an unclosed `[` or a `\` with nothing after it.
  convenience init(parsing pattern: [UInt8], matchesSlashes: Bool) throws(ParseError) {
    var tokens: [Token] = []
    var index = 0
    let slash = UInt8(ascii: "/")
    while index < pattern.count {
      let byte = pattern[index]
      switch byte {
      case UInt8(ascii: "\\"):
        guard index + 1 < pattern.count else {
          throw ParseError(reason: "a '\\' ends the pattern", offset: index)
        }
        tokens.append(.byte(pattern[index + 1]))
        index += 2
      case UInt8(ascii: "?"):
        tokens.append(.anyByte)
        index += 1
      case UInt8(ascii: "*"):
        var end = index
        while end < pattern.count && pattern[end] == UInt8(ascii: "*") { end += 1 }
        let startsComponent = index == 0 || pattern[index - 1] == slash
        let endsComponent = end == pattern.count || pattern[end] == slash
        if !matchesSlashes && end - index == 2 && startsComponent && endsComponent {
          tokens.append(.globstar)
        } else if tokens.last != .star {
          tokens.append(.star)
        }
        index = end
      case UInt8(ascii: "["):
        let (set, negated, next) = try Self.parseSet(pattern, from: index)
        tokens.append(.set(set, negated: negated))
        index = next
      default:
        tokens.append(.byte(byte))
        index += 1
      }
    }
    self.init(tokens: tokens, matchesSlashes: matchesSlashes)
  }

  /// Reads `[…]` starting at `start`: `!` or `^` first negates, a `]` first
  /// is literal, `a-z` is a range, `\` escapes.
  private static func parseSet(
    _ pattern: [UInt8], from start: Int
  ) throws(ParseError) -> (ByteSet, negated: Bool, next: Int) {
    var index = start + 1
    var negated = false
    if index < pattern.count
      && (pattern[index] == UInt8(ascii: "!") || pattern[index] == UInt8(ascii: "^"))
    {
      negated = true
      index += 1
    }
    var set = ByteSet()
    var first = true
    while true {
      guard index < pattern.count else {
        throw ParseError(reason: "'[' is not closed (write '\\[' for the byte)", offset: start)
      }
      var byte = pattern[index]
      if byte == UInt8(ascii: "]") && !first { return (set, negated, index + 1) }
      first = false
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < pattern.count else {
          throw ParseError(reason: "a '\\' ends the pattern", offset: index)
        }
        index += 1
        byte = pattern[index]
      }
      if index + 2 < pattern.count && pattern[index + 1] == UInt8(ascii: "-")
        && pattern[index + 2] != UInt8(ascii: "]")
      {
        var upper = pattern[index + 2]
        var skip = 3
        if upper == UInt8(ascii: "\\") && index + 3 < pattern.count {
          upper = pattern[index + 3]
          skip = 4
        }
        if byte <= upper {
          for member in byte...upper { set.insert(member) }
        }
        index += skip
      } else {
        set.insert(byte)
        index += 1
      }
    }
  }
}

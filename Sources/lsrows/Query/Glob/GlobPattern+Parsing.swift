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
      if byte == UInt8(ascii: "["), index + 1 < pattern.count,
        let kind = [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].first(where: {
          $0 == pattern[index + 1]
        })
      {
        index = try parseBracketTerm(pattern, at: index, kind: kind, into: &set)
        continue
      }
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

  /// Reads `[:class:]`, `[.c.]` or `[=c=]` inside a set, as fnmatch reads
  /// them in the C locale, and returns the index after it.
  private static func parseBracketTerm(
    _ pattern: [UInt8], at start: Int, kind: UInt8, into set: inout ByteSet
  ) throws(ParseError) -> Int {
    var end = start + 2
    while end + 1 < pattern.count
      && !(pattern[end] == kind && pattern[end + 1] == UInt8(ascii: "]"))
    {
      end += 1
    }
    guard end + 1 < pattern.count else {
      let opening = String(decoding: [UInt8(ascii: "["), kind], as: UTF8.self)
      throw ParseError(reason: "'\(opening)' is not closed", offset: start)
    }
    let name = Array(pattern[(start + 2)..<end])
    if kind == UInt8(ascii: ":") {
      guard let members = characterClasses[String(decoding: name, as: UTF8.self)] else {
        throw ParseError(
          reason: "unknown class '[:\(String(decoding: name, as: UTF8.self)):]'", offset: start)
      }
      for byte in UInt8(0)...UInt8(127) where members(byte) { set.insert(byte) }
    } else {
      // In the C locale a collating element or an equivalence class is
      // one byte.
      guard name.count == 1 else {
        throw ParseError(
          reason: "only one byte may stand between '[\(Character(UnicodeScalar(kind)))'",
          offset: start)
      }
      set.insert(name[0])
    }
    return end + 2
  }

  /// The C locale's classes, as `isalpha` and the rest define them.
  private static let characterClasses: [String: @Sendable (UInt8) -> Bool] = [
    "alpha": { isLetter($0) },
    "digit": { (48...57).contains($0) },
    "alnum": { isLetter($0) || (48...57).contains($0) },
    "upper": { (65...90).contains($0) },
    "lower": { (97...122).contains($0) },
    "space": { $0 == 32 || (9...13).contains($0) },
    "blank": { $0 == 32 || $0 == 9 },
    "punct": { (33...126).contains($0) && !isLetter($0) && !(48...57).contains($0) },
    "xdigit": { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) },
    "cntrl": { $0 < 32 || $0 == 127 },
    "print": { (32...126).contains($0) },
    "graph": { (33...126).contains($0) },
  ]

  private static func isLetter(_ byte: UInt8) -> Bool {
    (65...90).contains(byte) || (97...122).contains(byte)
  }
}

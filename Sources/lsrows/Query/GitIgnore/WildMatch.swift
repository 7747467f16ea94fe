/// Git's glob matching (its `wildmatch`), byte for byte, as `.gitignore`
/// patterns use it: `*`, `?`, `[...]` with ranges, `!`/`^` and `[:class:]`,
/// `\` escapes, and with `pathname` a `*` that stops at `/` and a `**`
/// between slashes that crosses any number of them.
///
/// Git's matcher takes time that doubles with each link of some chains
/// (`**/**/**/…`, `*a*a*a…b`): it tries the same rest of the pattern at
/// the same place in the text again and again. This one, once a match
/// has taken ``memoAfter`` steps, remembers how each such attempt ended,
/// so those chains take polynomial time; and it gives up after
/// ``stepLimit`` steps on one text and calls it no match.
///
/// Classes are ASCII's, as git's own character table has them, whatever
/// the locale (its `space` is tab, newline, carriage return and space). Bytes past either end read as NUL, which neither a name nor
/// a pattern holds, so the rules for the end of a string are git's.
enum WildMatch {
  /// How many steps one match may take: milliseconds of work.
  static let stepLimit = 1 << 20
  /// After how many steps a match remembers its attempts: far more than
  /// any pattern a person writes takes on a name.
  static let memoAfter = 1 << 12

  /// Whether `pattern` matches the whole of `text`.
  static func matches(
    _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, pathname: Bool
  ) -> Bool {
    var matcher = Matcher(pattern: pattern, text: text, pathname: pathname)
    return matcher.match(0, 0) == .match
  }

  /// Whether `pattern` matches the whole of `text`.
  static func matches(_ pattern: [UInt8], _ text: [UInt8], pathname: Bool) -> Bool {
    pattern.withUnsafeBufferPointer { pattern in
      text.withUnsafeBufferPointer { matches(pattern, $0, pathname: pathname) }
    }
  }

  /// How an attempt ended: besides a match and no match, whether no
  /// later start of a star can match either (so the stars around give
  /// up), or only a `**` further out can.
  fileprivate enum Outcome {
    case match
    case noMatch
    case abortAll
    case abortToDoubleStar
  }

  /// The bytes that make a pattern more than a literal (git's
  /// `is_glob_special`).
  static func isSpecial(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "\\")
  }
}

private struct Matcher {
  let pattern: UnsafeBufferPointer<UInt8>
  let text: UnsafeBufferPointer<UInt8>
  let pathname: Bool
  /// Steps left before the match gives up.
  var stepsLeft = WildMatch.stepLimit
  /// How attempts ended, by where in the pattern and the text they began;
  /// kept once a match runs long.
  var memo: [Int: WildMatch.Outcome] = [:]

  private static let slash = UInt8(ascii: "/")

  private func p(_ index: Int) -> UInt8 {
    index < pattern.count ? pattern[index] : 0
  }

  private func t(_ index: Int) -> UInt8 {
    index < text.count ? text[index] : 0
  }

  private func textHasSlash(from index: Int) -> Int? {
    var index = index
    while index < text.count {
      if text[index] == Self.slash { return index }
      index += 1
    }
    return nil
  }

  /// Matches the pattern from `start` against the text from `textStart`;
  /// `start` is where this attempt's pattern begins, for the rule that a
  /// `**` is special only at a start or after a slash.
  ///
  /// An attempt's outcome depends on nothing but where it begins, so once
  /// remembered it is not worked out again.
  mutating func match(_ start: Int, _ textStart: Int) -> WildMatch.Outcome {
    let remembers = stepsLeft < WildMatch.stepLimit - WildMatch.memoAfter
    let key = start &* (text.count + 1) &+ textStart
    if remembers, let known = memo[key] { return known }
    let outcome = attempt(start, textStart)
    if remembers && stepsLeft >= 0 { memo[key] = outcome }
    return outcome
  }

  private mutating func attempt(_ start: Int, _ textStart: Int) -> WildMatch.Outcome {
    var pi = start
    var ti = textStart
    while p(pi) != 0 {
      stepsLeft -= 1
      if stepsLeft < 0 { return .abortAll }
      var pc = p(pi)
      var tc = t(ti)
      if tc == 0 && pc != UInt8(ascii: "*") { return .abortAll }
      switch pc {
      case UInt8(ascii: "?"):
        if pathname && tc == Self.slash { return .noMatch }
      case UInt8(ascii: "*"):
        pi += 1
        var crossesSlashes: Bool
        if p(pi) == UInt8(ascii: "*") {
          let before = pi - 2
          repeat { pi += 1 } while p(pi) == UInt8(ascii: "*")
          if !pathname {
            crossesSlashes = true
          } else if before < start || p(before) == Self.slash,
            p(pi) == 0 || p(pi) == Self.slash
              || (p(pi) == UInt8(ascii: "\\") && p(pi + 1) == Self.slash)
          {
            // `**/` may also stand for no directory at all.
            if p(pi) == Self.slash && match(pi + 1, ti) == .match { return .match }
            crossesSlashes = true
          } else {
            crossesSlashes = false
          }
        } else {
          crossesSlashes = !pathname
        }
        if p(pi) == 0 {
          // A trailing star takes the rest, up to a slash unless it may
          // cross them.
          if !crossesSlashes && textHasSlash(from: ti) != nil { return .noMatch }
          return .match
        }
        if !crossesSlashes && p(pi) == Self.slash {
          // One star then a slash: the rest of this directory's name.
          guard let slash = textHasSlash(from: ti) else { return .noMatch }
          ti = slash
          break
        }
        while true {
          if tc == 0 { break }
          if !WildMatch.isSpecial(p(pi)) {
            // A literal follows: skip to where the text has it.
            pc = p(pi)
            while true {
              tc = t(ti)
              if tc == 0 || (!crossesSlashes && tc == Self.slash) || tc == pc { break }
              ti += 1
              stepsLeft -= 1
            }
            if tc != pc { return .noMatch }
          }
          let rest = match(pi, ti)
          if rest != .noMatch {
            if !crossesSlashes || rest != .abortToDoubleStar { return rest }
          } else if !crossesSlashes && tc == Self.slash {
            return .abortToDoubleStar
          }
          ti += 1
          tc = t(ti)
          stepsLeft -= 1
          if stepsLeft < 0 { return .abortAll }
        }
        return .abortAll
      case UInt8(ascii: "["):
        guard let (matched, end) = matchBracket(from: pi, against: tc) else { return .abortAll }
        if !matched || (pathname && tc == Self.slash) { return .noMatch }
        pi = end
      case UInt8(ascii: "\\"):
        pi += 1
        pc = p(pi)
        if tc != pc { return .noMatch }
      default:
        if tc != pc { return .noMatch }
      }
      pi += 1
      ti += 1
    }
    return t(ti) == 0 ? .match : .noMatch
  }

  /// Matches the bracket expression at `open` against `byte`.
  ///
  /// - Returns: Whether it matched, and where the closing `]` is; `nil`
  ///   when the expression never closes or names an unknown class, which
  ///   ends the whole match.
  private func matchBracket(from open: Int, against byte: UInt8) -> (Bool, Int)? {
    var pi = open + 1
    var pc = p(pi)
    if pc == UInt8(ascii: "^") { pc = UInt8(ascii: "!") }
    let negated = pc == UInt8(ascii: "!")
    if negated {
      pi += 1
      pc = p(pi)
    }
    var previous: UInt8 = 0
    var matched = false
    while true {
      if pc == 0 { return nil }
      if pc == UInt8(ascii: "\\") {
        pi += 1
        pc = p(pi)
        if pc == 0 { return nil }
        if byte == pc { matched = true }
      } else if pc == UInt8(ascii: "-") && previous != 0 && p(pi + 1) != 0
        && p(pi + 1) != UInt8(ascii: "]")
      {
        pi += 1
        pc = p(pi)
        if pc == UInt8(ascii: "\\") {
          pi += 1
          pc = p(pi)
          if pc == 0 { return nil }
        }
        if byte <= pc && byte >= previous { matched = true }
        // A range's end starts no range.
        pc = 0
      } else if pc == UInt8(ascii: "[") && p(pi + 1) == UInt8(ascii: ":") {
        pi += 2
        let nameStart = pi
        while p(pi) != 0 && p(pi) != UInt8(ascii: "]") { pi += 1 }
        if p(pi) == 0 { return nil }
        let nameLength = pi - nameStart - 1
        if nameLength < 0 || p(pi - 1) != UInt8(ascii: ":") {
          // No `:]`: the `[` is a byte of the set, and the set goes on
          // after it.
          pi = nameStart - 2
          pc = UInt8(ascii: "[")
          if byte == pc { matched = true }
        } else {
          let name = UnsafeBufferPointer(rebasing: pattern[nameStart..<nameStart + nameLength])
          guard let isMember = Self.isInClass(name, byte) else { return nil }
          if isMember { matched = true }
          pc = 0
        }
      } else if byte == pc {
        matched = true
      }
      previous = pc
      pi += 1
      pc = p(pi)
      if pc == UInt8(ascii: "]") { break }
    }
    return (matched != negated, pi)
  }

  /// Whether `byte` is in the class `name` (ASCII only); `nil` for a name
  /// that is no class.
  private static func isInClass(_ name: UnsafeBufferPointer<UInt8>, _ byte: UInt8) -> Bool? {
    let isUpper = byte >= 0x41 && byte <= 0x5A
    let isLower = byte >= 0x61 && byte <= 0x7A
    let isDigit = byte >= 0x30 && byte <= 0x39
    let isAlpha = isUpper || isLower
    let isGraph = byte >= 0x21 && byte <= 0x7E
    switch String(decoding: name, as: UTF8.self) {
    case "alnum": return isAlpha || isDigit
    case "alpha": return isAlpha
    case "blank": return byte == 0x20 || byte == 0x09
    case "cntrl": return byte < 0x20 || byte == 0x7F
    case "digit": return isDigit
    case "graph": return isGraph
    case "lower": return isLower
    case "print": return byte >= 0x20 && byte <= 0x7E
    case "punct": return isGraph && !isAlpha && !isDigit
    case "space": return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    case "upper": return isUpper
    case "xdigit":
      return isDigit || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    default: return nil
    }
  }
}

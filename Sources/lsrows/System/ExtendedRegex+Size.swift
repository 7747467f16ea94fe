extension ExtendedRegex {
  /// The most positions a pattern may expand to once its counted
  /// repetitions are written out, as `regcomp` writes them out.
  ///
  /// glibc's compile time and memory grow faster than the expansion: at
  /// this bound a pattern compiles in well under a second and a few dozen
  /// megabytes, where `a{1,32767}` or `((a{255}){255}){255}` would take
  /// minutes and gigabytes. No pattern written to match names comes near.
  static let largestExpansion = 2000

  /// How many positions `pattern` expands to, its repetitions written out
  /// as glibc writes them (`(ab){3}` is 6; `x+` is `xx*`, twice `x`; `*`
  /// and `?` count once; `{m,}` as `m + 1`), saturated at `Int.max / 4`.
  static func expandedSize(of pattern: [UInt8]) -> Int {
    var reader = SizeReader(pattern: pattern)
    return reader.alternation()
  }

  /// Whether `pattern` holds a back-reference (`\1` to `\9` outside a
  /// bracket expression): glibc takes them in extended expressions, where
  /// POSIX has none, and matching one can take exponential time.
  static func hasBackReference(_ pattern: [UInt8]) -> Bool {
    var reader = SizeReader(pattern: pattern)
    _ = reader.alternation()
    return reader.sawBackReference
  }

  /// Reads a pattern's structure, not its meaning: brackets and escapes
  /// are one position each, and whatever `regcomp` would refuse still gets
  /// a size.
  private struct SizeReader {
    let pattern: [UInt8]
    var index = 0
    var sawBackReference = false
    static let ceiling = Int.max / 4

    static func add(_ a: Int, _ b: Int) -> Int { min(a + b, ceiling) }

    static func multiply(_ a: Int, _ b: Int) -> Int {
      let (product, overflow) = a.multipliedReportingOverflow(by: b)
      return overflow ? ceiling : min(product, ceiling)
    }

    var next: UInt8? { index < pattern.count ? pattern[index] : nil }

    mutating func alternation() -> Int {
      var total = branch()
      while next == UInt8(ascii: "|") {
        index += 1
        total = Self.add(total, branch())
      }
      return total
    }

    mutating func branch() -> Int {
      var total = 0
      while let byte = next, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
        total = Self.add(total, piece())
      }
      return total
    }

    mutating func piece() -> Int {
      var size = atom()
      while let byte = next {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "?"):
          index += 1
        case UInt8(ascii: "+"):
          // regcomp writes `x+` as `xx*`: stacked, they double.
          index += 1
          size = Self.multiply(size, 2)
        case UInt8(ascii: "{"):
          guard let count = interval() else { return size }
          size = Self.multiply(size, count)
        default:
          return size
        }
      }
      return size
    }

    /// `{m}`, `{m,}` or `{m,n}` at `index`: the copies it writes out, or
    /// `nil` (nothing read) when it is not one.
    mutating func interval() -> Int? {
      var cursor = index + 1
      func number() -> Int? {
        let start = cursor
        var value = 0
        while cursor < pattern.count, (0x30...0x39).contains(pattern[cursor]) {
          value = min(value * 10 + Int(pattern[cursor] - 0x30), 1_000_000)
          cursor += 1
        }
        return cursor > start ? value : nil
      }
      let low = number()
      var high = low
      if cursor < pattern.count, pattern[cursor] == UInt8(ascii: ",") {
        cursor += 1
        high = number() ?? (low.map { $0 + 1 })
      }
      guard cursor < pattern.count, pattern[cursor] == UInt8(ascii: "}"), low != nil || high != nil
      else { return nil }
      index = cursor + 1
      return max(low ?? 0, high ?? 0, 1)
    }

    mutating func atom() -> Int {
      guard let byte = next else { return 0 }
      index += 1
      switch byte {
      case UInt8(ascii: "("):
        let size = alternation()
        if next == UInt8(ascii: ")") { index += 1 }
        return max(size, 1)
      case UInt8(ascii: "["):
        skipBracket()
        return 1
      case UInt8(ascii: "\\"):
        if let escaped = next {
          if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(escaped) { sawBackReference = true }
          index += 1
        }
        return 1
      default:
        return 1
      }
    }

    /// Moves past a bracket expression whose `[` was read: a `]` first (or
    /// after `^`) is a member, `[:`, `[.` and `[=` run to their closers.
    mutating func skipBracket() {
      if next == UInt8(ascii: "^") { index += 1 }
      if next == UInt8(ascii: "]") { index += 1 }
      while let byte = next {
        index += 1
        if byte == UInt8(ascii: "]") { return }
        if byte == UInt8(ascii: "["), let mark = next,
          [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(mark)
        {
          index += 1
          while index + 1 < pattern.count
            && !(pattern[index] == mark && pattern[index + 1] == UInt8(ascii: "]"))
          {
            index += 1
          }
          index = min(index + 2, pattern.count)
        }
      }
    }
  }
}

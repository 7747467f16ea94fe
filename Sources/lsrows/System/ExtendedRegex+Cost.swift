extension ExtendedRegex {
  /// The most positions a pattern may expand to once its counted
  /// repetitions are written out, as `regcomp` writes them out.
  ///
  /// glibc's compile time and memory grow faster than the expansion: at
  /// this bound a pattern compiles in well under a second and a few dozen
  /// megabytes, where `a{1,32767}` or `((a{255}){255}){255}` would take
  /// minutes and gigabytes. No pattern written to match names comes near.
  static let largestExpansion = 2000

  /// What a loop over an expression that can match the empty string
  /// (`(x*)*`, `(a?b?)+`) counts for, per position of its body: glibc
  /// computes the empty-match closures of such loops in time that grows
  /// with the square of their size and more when they nest.
  static let emptyLoopWeight = 8

  /// The most repetitions of parts that can already match the empty
  /// string (`a??`, `(a?)?`, `(a|)*`) a pattern may hold when it also
  /// loops over such a part: glibc's empty-match closures over a chain of
  /// them grow about 1.7 times with each (`a??` twenty times and then
  /// `(b?)*w` take a second; twenty-five, half a minute).
  static let largestEmptyLayers = 10

  /// What `regcomp` would spend on a pattern, read from its structure.
  struct Cost: Equatable {
    /// Positions once repetitions are written out (`(ab){3}` is 6; `x+`
    /// is `xx*`, twice `x`; `*` and `?` count once; `{m,}` as `m + 1`; a
    /// loop over what can match empty, ``emptyLoopWeight`` times its
    /// body), saturated at `Int.max / 4`.
    var positions = 0
    /// A back-reference (`\1` to `\9` outside a bracket expression):
    /// glibc takes them in extended expressions, where POSIX has none, and
    /// matching one can take exponential time.
    var backReference = false
    /// A loop (`*`, `+`, `{m,}`) over an expression that can match the
    /// empty string and holds an anchor or a word boundary (`(^)*`,
    /// `(\b|x)+`): glibc's compile time doubles with each one.
    var loopedAssertion = false
    /// How many repetitions apply to a part that can already match the
    /// empty string (`?` after `a?`, `*` after `(a|)`).
    var emptyLayers = 0
    /// Whether a loop (`*`, `+`, `{m,}`) is over a part that can match the
    /// empty string.
    var emptyLoop = false
  }

  /// Reads `pattern` as `regcomp` would expand it, without compiling it.
  static func cost(of pattern: [UInt8]) -> Cost {
    var reader = CostReader(pattern: pattern)
    let whole = reader.alternation()
    var cost = reader.cost
    cost.positions = whole.positions
    return cost
  }

  /// Reads a pattern's structure, not its meaning: brackets and escapes
  /// are one position each, and whatever `regcomp` would refuse still gets
  /// a cost.
  private struct CostReader {
    /// Part of a pattern: its positions, whether it can match the empty
    /// string, and whether it holds a zero-width assertion.
    struct Shape {
      var positions: Int
      var nullable: Bool
      var asserts: Bool
    }

    let pattern: [UInt8]
    var index = 0
    /// Open groups: a `)` with none open is an ordinary character, as
    /// glibc's extended syntax reads it, and the pattern goes on after it.
    var depth = 0
    var cost = Cost()
    static let ceiling = Int.max / 4
    /// What may follow an atom to repeat it (`{` only when an interval
    /// follows, which `piece` checks).
    static let repetitions: [UInt8] = Array("?*+{".utf8)

    static func add(_ a: Int, _ b: Int) -> Int { min(a + b, ceiling) }

    static func multiply(_ a: Int, _ b: Int) -> Int {
      let (product, overflow) = a.multipliedReportingOverflow(by: b)
      return overflow ? ceiling : min(product, ceiling)
    }

    var next: UInt8? { index < pattern.count ? pattern[index] : nil }

    mutating func alternation() -> Shape {
      var whole = branch()
      while next == UInt8(ascii: "|") {
        index += 1
        let other = branch()
        whole.positions = Self.add(whole.positions, other.positions)
        whole.nullable = whole.nullable || other.nullable
        whole.asserts = whole.asserts || other.asserts
      }
      return whole
    }

    mutating func branch() -> Shape {
      var whole = Shape(positions: 0, nullable: true, asserts: false)
      while let byte = next, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") || depth == 0 {
        let part = piece()
        whole.positions = Self.add(whole.positions, part.positions)
        whole.nullable = whole.nullable && part.nullable
        whole.asserts = whole.asserts || part.asserts
      }
      return whole
    }

    mutating func piece() -> Shape {
      var shape = atom()
      while let byte = next {
        if shape.nullable && Self.repetitions.contains(byte) { cost.emptyLayers += 1 }
        switch byte {
        case UInt8(ascii: "?"):
          index += 1
          shape.nullable = true
        case UInt8(ascii: "*"):
          index += 1
          shape = loop(over: shape, copies: 1)
          shape.nullable = true
        case UInt8(ascii: "+"):
          // regcomp writes `x+` as `xx*`: stacked, they double.
          index += 1
          shape = loop(over: shape, copies: 2)
        case UInt8(ascii: "{"):
          guard let interval = interval() else { return shape }
          let copies = max(interval.low, interval.high ?? interval.low + 1, 1)
          if interval.high == nil {
            shape = loop(over: shape, copies: copies)
          } else {
            shape.positions = Self.multiply(shape.positions, copies)
          }
          shape.nullable = shape.nullable || interval.low == 0
        default:
          return shape
        }
      }
      return shape
    }

    /// `body` repeated without an upper bound, written out `copies` times.
    mutating func loop(over body: Shape, copies: Int) -> Shape {
      var shape = body
      shape.positions = Self.multiply(body.positions, copies)
      if body.nullable {
        cost.emptyLoop = true
        shape.positions = Self.multiply(shape.positions, ExtendedRegex.emptyLoopWeight)
        if body.asserts { cost.loopedAssertion = true }
      }
      return shape
    }

    /// `{m}`, `{m,}`, `{m,n}` or `{,n}` at `index`: its bounds (`high` nil
    /// when there is none), or `nil` (nothing read) when it is not one.
    mutating func interval() -> (low: Int, high: Int?)? {
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
      var unbounded = false
      if cursor < pattern.count, pattern[cursor] == UInt8(ascii: ",") {
        cursor += 1
        high = number()
        unbounded = high == nil
      }
      guard cursor < pattern.count, pattern[cursor] == UInt8(ascii: "}"), low != nil || high != nil
      else { return nil }
      index = cursor + 1
      return (low ?? 0, unbounded ? nil : high)
    }

    mutating func atom() -> Shape {
      let single = Shape(positions: 1, nullable: false, asserts: false)
      let assertion = Shape(positions: 1, nullable: true, asserts: true)
      guard let byte = next else { return single }
      index += 1
      switch byte {
      case UInt8(ascii: "("):
        depth += 1
        var group = alternation()
        depth -= 1
        if next == UInt8(ascii: ")") { index += 1 }
        group.positions = max(group.positions, 1)
        return group
      case UInt8(ascii: "["):
        skipBracket()
        return single
      case UInt8(ascii: "^"), UInt8(ascii: "$"):
        return assertion
      case UInt8(ascii: "\\"):
        guard let escaped = next else { return single }
        index += 1
        if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(escaped) { cost.backReference = true }
        return Array("bB<>`'".utf8).contains(escaped) ? assertion : single
      default:
        return single
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

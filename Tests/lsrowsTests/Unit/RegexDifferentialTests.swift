import Glibc
import Testing

@testable import lsrows

/// `=~` against `LC_ALL=C grep -zE`.
///
/// Seeded random patterns from a grammar that means the same to both (literals, `.`, bracket expressions with
/// ranges, negation and classes, groups, alternation, `* + ? {m,n}`,
/// anchors), over seeded names of every byte but NUL and `/`, newlines and
/// bytes that are not UTF-8 among them. Each pattern goes through the
/// `--where` parser, bytes that are not printable written as `\xHH`.
///
/// `LSROWS_REGEX_PATTERNS` sets how many patterns (300 here).
@Suite struct RegexDifferentialTests {
  static let patternCount: Int =
    getenv("LSROWS_REGEX_PATTERNS").flatMap { Int(String(cString: $0)) } ?? 300

  /// A random pattern of the shared grammar.
  struct PatternMaker {
    var random: SeededRandom
    /// The bytes patterns are made of.
    ///
    /// Not a newline, which separates patterns for grep.
    static let alphabet: [UInt8] =
      Array("abcAB01-_ .".utf8) + [0x09, 0x7F, 0xE9, 0xFF, 0x80, 0xC3, 0xA9]

    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func literal() -> [UInt8] {
      let byte = Self.alphabet.randomElement(using: &random)!
      // `.` is special; as a literal it is escaped.
      return byte == UInt8(ascii: ".") ? Array("\\.".utf8) : [byte]
    }

    mutating func bracket() -> [UInt8] {
      var members: [UInt8] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: members += Array("a-c".utf8)
        case 1:
          members += Array(
            ["[:alpha:]", "[:digit:]", "[:space:]", "[:upper:]", "[:punct:]", "[:print:]"]
              .randomElement(using: &random)!.utf8)
        default:
          let byte = Self.alphabet.randomElement(using: &random)!
          members.append(byte)
        }
      }
      return [UInt8(ascii: "[")] + (chance(30) ? [UInt8(ascii: "^")] : []) + members + [
        UInt8(ascii: "]")
      ]
    }

    mutating func atom(depth: Int) -> [UInt8] {
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1: return [UInt8(ascii: ".")]
      case 2, 3: return bracket()
      case 4 where depth < 2:
        return Array("(".utf8) + alternation(depth: depth + 1) + Array(")".utf8)
      default: return literal()
      }
    }

    mutating func piece(depth: Int) -> [UInt8] {
      var piece = atom(depth: depth)
      switch Int.random(in: 0..<12, using: &random) {
      case 0: piece.append(UInt8(ascii: "*"))
      case 1: piece.append(UInt8(ascii: "+"))
      case 2: piece.append(UInt8(ascii: "?"))
      case 3:
        let low = Int.random(in: 0...2, using: &random)
        let high = Int.random(in: low...3, using: &random)
        piece += Array(
          (chance(50) ? "{\(low),\(high)}" : (chance(50) ? "{\(low)}" : "{\(low),}")).utf8)
      default: break
      }
      return piece
    }

    mutating func alternation(depth: Int) -> [UInt8] {
      var branches: [[UInt8]] = []
      for _ in 0..<Int.random(in: 1...(depth == 0 ? 3 : 2), using: &random) {
        var branch: [UInt8] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) { branch += piece(depth: depth) }
        branches.append(branch)
      }
      return Array(branches.joined(separator: [UInt8(ascii: "|")]))
    }

    mutating func pattern() -> [UInt8] {
      (chance(25) ? Array("^".utf8) : []) + alternation(depth: 0)
        + (chance(25) ? Array("$".utf8) : [])
    }

    /// A name: the pattern's bytes, newlines, and now and then any byte.
    mutating func name() -> [UInt8] {
      (0..<Int.random(in: 0...10, using: &random)).map { _ in
        chance(10)
          ? UInt8.random(in: 1...255, using: &random)
          : (chance(5) ? 0x0A : Self.alphabet.randomElement(using: &random)!)
      }.filter { $0 != UInt8(ascii: "/") }
    }
  }

  /// The pattern as a `--where` value: printable bytes as they are, a
  /// quote escaped, the rest as `\xHH`.
  static func quoted(_ pattern: [UInt8]) -> [UInt8] {
    var value = Array("'".utf8)
    for byte in pattern {
      if byte == UInt8(ascii: "'") {
        value += Array("\\'".utf8)
      } else if (0x20...0x7E).contains(byte) {
        value.append(byte)
      } else {
        let hex = Array("0123456789abcdef".utf8)
        value += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return value + Array("'".utf8)
  }

  /// The names `=~` selects, through the parser, in order.
  static func selected(by pattern: [UInt8], from names: [[UInt8]]) throws -> [[UInt8]] {
    try selected(where: Array("name =~ ".utf8) + quoted(pattern), from: names)
  }

  /// The names a `--where` expression selects, in order.
  static func selected(where text: [UInt8], from names: [[UInt8]]) throws -> [[UInt8]] {
    let expression = try QueryParser.parse(text, now: Timestamp(seconds: 0, nanoseconds: 0))
    var list = EntryList()
    for name in names { try list.append(name: name, status: nil, kind: .regularFile) }
    let listing = Listing(list, at: .operands, returnsStorage: false)
    let reader = FieldReader(accounts: AccountNames())
    return listing.rows.filter { expression.holds(for: reader.fields(of: $0)) }.map {
      Array($0.name)
    }
  }

  @Test(arguments: 0..<4)
  func matchesWhatGrepMatches(shard: Int) throws {
    let seed = SeededRandom().seed
    for index in 0..<(Self.patternCount / 4) {
      var maker = PatternMaker(
        random: SeededRandom(seed: seed &+ UInt64(shard * 100_003 + index)))
      let pattern = maker.pattern()
      // The empty name is left out: grep -z cannot tell an empty last line.
      let names = (0..<60).map { _ in maker.name() }.filter { !$0.isEmpty }
      let grep = runProcess(
        "grep", [bytes("-zE"), bytes("-e"), pattern], environment: ["LC_ALL": "C"],
        input: Array(names.joined(separator: [0])) + [0])
      let context =
        "pattern \(String(decoding: pattern, as: UTF8.self).debugDescription); "
        + "LSROWS_TEST_SEED=\(seed), shard \(shard), index \(index)"
      guard grep.exitStatus == 0 || grep.exitStatus == 1 else {
        // grep refuses it (an invalid range): so must the parser.
        #expect(throws: QueryError.self, "\(context)") {
          try Self.selected(by: pattern, from: names)
        }
        continue
      }
      let expected = grep.standardOutput.split(separator: 0).map(Array.init)
      let ours = try Self.selected(by: pattern, from: names)
      #expect(ours == expected, "\(context)")
    }
  }

  @Test func hexBytesAreLiteralAndQuotesAreQuotes() throws {
    let names: [[UInt8]] = [bytes("a.b"), bytes("axb"), bytes("it's"), [0x63, 0x61, 0x66, 0xE9]]
    func select(_ value: String) throws -> [[UInt8]] {
      try Self.selected(where: bytes("name =~ " + value), from: names)
    }
    #expect(try select("'a\\x2eb'") == [bytes("a.b")])
    #expect(try select("'a.b'") == [bytes("a.b"), bytes("axb")])
    #expect(try select("'it\\'s'") == [bytes("it's")])
    #expect(try select("'^caf\\xe9$'") == [[0x63, 0x61, 0x66, 0xE9]])
    #expect(try select("'[\\x2e]'") == [bytes("a.b")])
  }
}

/// Patterns whose repetitions glibc would spend minutes and gigabytes on are
/// refused before `regcomp` sees them.
@Suite struct RegexSizeTests {
  @Test(arguments: [
    ("abc", 3), ("a|bc", 3), ("(ab){3}", 6), ("a{2,5}", 5), ("a{4,}", 5), ("a*b+c?", 4),
    ("a+++", 8), ("(ab)+", 4),
    ("[a-z]{10}", 10), ("[]{}]{4}", 4), ("[[:alpha:]{]x", 2), ("\\{5}", 3),
    ("((a{10}){10}){10}", 1000),
    ("a{,7}", 7), ("a{", 2), ("(a|(b{3}){2}){4}", 28),
    // A loop over what can match empty weighs eight times its body.
    ("(x*)*", 8), ("x*+", 16), ("()*", 8), ("(a?b?){2,}", 48), ("(x*){5}", 5),
    // A `)` with no group open is a character, and reading goes on.
    ("a)b+", 4), ("))(c{3})", 5),
  ])
  func expansionCountsCopies(pattern: String, size: Int) {
    #expect(ExtendedRegex.cost(of: bytes(pattern)).positions == size, "\(pattern)")
  }

  @Test func hugeRepetitionsAreRefusedAtOnce() {
    for pattern in [
      "((a{255}){255}){255}", "a{1,32767}", "(.*){1,32000}x", "(a{1000}){1000}",
      "T" + String(repeating: "+", count: 43),
      // Found by the fuzzers: a lone `)` once hid the run of `+` after it,
      // and stacked loops over `x*` grow four times per `+`.
      "q?:)" + String(repeating: "a+", count: 1) + String(repeating: "+", count: 20),
      "x*" + String(repeating: "+", count: 10), "((x*)*){1000}", "(()*){1000}",
      // Loops over assertions that can match empty: each one doubles
      // glibc's compile time.
      "((^)*){50}", "(\\b)*", "((a|^)*){20}", "(a*$)+", "(\\<|x*){1,}",
      // Found by the fuzzers: repetitions of what can already match
      // empty, chained, with a loop over one (1.7 times slower each).
      String(repeating: "a??", count: 25) + "+w",
      String(repeating: "(a|)?", count: 11) + "(b?)*w",
      String(repeating: "(a*)?", count: 20) + "(b?)*w",
    ] {
      #expect(throws: ExtendedRegex.CompileError.self, "\(pattern)") {
        try ExtendedRegex(compiling: bytes(pattern))
      }
    }
    #expect(ExtendedRegex.cost(of: bytes("((((a{9999}){9999}){9999}){9999})")).positions > 2000)
    // A back-reference: glibc would match it in exponential time.
    #expect(throws: ExtendedRegex.CompileError.self) {
      try ExtendedRegex(compiling: bytes("(a*)(a*)(a*)\\1\\2\\3c"))
    }
    #expect(ExtendedRegex.cost(of: bytes("x\\9")).backReference)
    #expect(!ExtendedRegex.cost(of: bytes("[\\1]\\\\1\\.")).backReference)
    // At the bounds, and anchors that are not looped over, still compile.
    for pattern in [
      "a{1,2000}", "(x*){2000}", "((x*)*){250}", "(^|/)build(/|$)", "((^a)*){20}", "(^){200}",
      "((^)?){20}", "^(x*)*$",
      // Repetitions of what can match empty, without a loop over one, or
      // with one and ten of them.
      String(repeating: "a??", count: 40) + "w", String(repeating: "a??", count: 9) + "+w",
    ] {
      #expect((try? ExtendedRegex(compiling: bytes(pattern))) != nil, "\(pattern)")
    }
  }
}

/// Which patterns are plain strings, matched by comparing bytes.
///
/// The rest go to glibc; both agree with grep on every name (the
/// differential test above), and plain ones with regexec here.
@Suite struct PlainPatternTests {
  @Test func plainPatternsAreRecognized() {
    #expect(
      PlainPattern(bytes("\\.h$")) == PlainPattern(bytes: bytes(".h"), start: false, end: true))
    #expect(
      PlainPattern(bytes("^README"))
        == PlainPattern(bytes: bytes("README"), start: true, end: false))
    #expect(
      PlainPattern(bytes("^a\\$b\\\\$"))
        == PlainPattern(bytes: bytes("a$b\\"), start: true, end: true))
    for pattern in [
      "a.b", "a*", "\\w", "a\\<", "(a)", "a|b", "[ab]", "a{2}", "a$b", "x^", "a+", "a?",
    ] {
      #expect(PlainPattern(bytes(pattern)) == nil, "\(pattern)")
    }
  }

  @Test func plainPatternsMatchAsGlibcDoes() throws {
    var random = SeededRandom()
    let pieces = ["a", "b", ".", "ab", "\u{E9}", " "]
    for _ in 0..<2000 {
      var pattern = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined().replacingOccurrences(of: ".", with: "\\.")
      if Bool.random(using: &random) { pattern = "^" + pattern }
      if Bool.random(using: &random) { pattern += "$" }
      let regex = try ExtendedRegex(compiling: bytes(pattern))
      let name = bytes(
        (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)!
        }
        .joined())
      let glibc = try #require(PlainPattern(bytes(pattern)))
      _ = glibc
      let viaPlain = regex.matches(name[...])
      var copy = name + [0]
      var range = regmatch_t(rm_so: 0, rm_eo: regoff_t(name.count))
      var compiled = regex_t()
      #expect(regcomp(&compiled, pattern, REG_EXTENDED | REG_NOSUB) == 0)
      let viaGlibc = copy.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          regexec(&compiled, $0.baseAddress!, 1, &range, REG_STARTEND) == 0
        }
      }
      regfree(&compiled)
      #expect(viaPlain == viaGlibc, "\(pattern) on \(Text(name)), \(random)")
    }
  }
}

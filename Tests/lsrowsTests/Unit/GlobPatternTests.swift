import Glibc
import Testing

@testable import lsrows

@Suite struct GlobPatternTests {
  func matches(_ pattern: String, _ text: String, path: Bool = false) -> Bool {
    guard let glob = try? GlobPattern(parsing: bytes(pattern), matchesSlashes: !path) else {
      Issue.record("\(pattern) does not parse")
      return false
    }
    let fast = glob.matches(bytes(text))
    #expect(fast == glob.matches(FieldText(bytes(text)), usingRuns: false), "\(pattern) \(text)")
    return fast
  }

  @Test func starsQuestionMarksAndLiterals() {
    #expect(matches("*.swift", "main.swift"))
    #expect(!matches("*.swift", "main.swiftx"))
    #expect(matches("*", ""))
    #expect(matches("a*b*c", "abc"))
    #expect(matches("a*b*c", "axxbyyc"))
    #expect(!matches("a*b*c", "axxbyy"))
    #expect(matches("*7*", "f0000007"))
    #expect(matches("f??", "fab"))
    #expect(!matches("f??", "fa"))
    #expect(matches("exact", "exact"))
    #expect(!matches("exact", "exactly"))
  }

  @Test func classesRangesAndNegation() {
    #expect(matches("[ab]x", "bx"))
    #expect(!matches("[ab]x", "cx"))
    #expect(matches("[!ab]x", "cx"))
    #expect(matches("[^ab]x", "cx"))
    #expect(matches("[a-c][0-9]", "b7"))
    #expect(matches("[]]", "]"))
    #expect(matches("[!]]", "a"))
    #expect(matches("[a-]", "-"))
    #expect(matches("[\\]]", "]"))
  }

  @Test func backslashEscapesTheNextByte() {
    #expect(matches("a\\*b", "a*b"))
    #expect(!matches("a\\*b", "axb"))
    #expect(matches("\\[x\\]", "[x]"))
    #expect(matches("\\\\", "\\"))
  }

  @Test func starStaysInAComponentOfAPathAndDoubleStarCrossesThem() {
    #expect(matches("src/*.swift", "src/a.swift", path: true))
    #expect(!matches("src/*.swift", "src/a/b.swift", path: true))
    #expect(matches("src/**/*.swift", "src/a.swift", path: true))
    #expect(matches("src/**/*.swift", "src/a/b/c.swift", path: true))
    #expect(!matches("src/**/*.swift", "lib/a.swift", path: true))
    #expect(matches("**/x", "x", path: true))
    #expect(matches("**/x", "a/b/x", path: true))
    #expect(matches("src/**", "src/a/b", path: true))
    #expect(!matches("src/?", "src//", path: true))
    #expect(!matches("a[/]b", "a/b", path: true))
    // Not a whole component: an ordinary star.
    #expect(!matches("a**b", "a/b", path: true))
    #expect(matches("a**b", "axxb", path: true))
  }

  @Test func bytesThatAreNotUTF8() {
    #expect(matches("*\u{FF}", "x\u{FF}"))
    let glob = try? GlobPattern(parsing: [0x2A, 0xFF], matchesSlashes: true)
    #expect(glob?.matches([0x61, 0xFF]) == true)
    #expect(glob?.matches([0x61, 0xFE]) == false)
  }

  @Test func malformedPatternsSayWhere() {
    #expect(throws: GlobPattern.ParseError.self) {
      try GlobPattern(parsing: bytes("ab[cd"), matchesSlashes: true)
    }
    do {
      _ = try GlobPattern(parsing: bytes("ab[cd"), matchesSlashes: true)
    } catch {
      #expect(error.offset == 2)
    }
    do {
      _ = try GlobPattern(parsing: bytes("ab\\"), matchesSlashes: true)
    } catch {
      #expect(error.offset == 2)
    }
  }

  /// `[:class:]`, `[.c.]` and `[=c=]` inside brackets, as fnmatch reads
  /// them in the C locale, for every byte.
  @Test func bracketTermsAgreeWithFnmatch() throws {
    let classes = [
      "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct", "xdigit", "cntrl",
      "print", "graph",
    ]
    let patterns =
      classes.map { "[[:\($0):]]" } + [
        "[![:digit:]]", "[a[:digit:]z]", "[[.a.]]", "[[=b=]]", "[^[:alpha:][:space:]]", "[[.-.]x]",
      ]
    for pattern in patterns {
      let glob = try GlobPattern(parsing: bytes(pattern), matchesSlashes: true)
      for byte in UInt8(1)...UInt8(255) {
        let expected = withCString(bytes(pattern)) { p in
          withCString([byte]) { t in fnmatch(p, t, 0) == 0 }
        }
        #expect(glob.matches([byte]) == expected, "\(pattern) \(byte)")
      }
    }
    for bad in ["[[:nope:]]", "[[:digit]", "[[.ab.]]", "[[=a"] {
      #expect(throws: GlobPattern.ParseError.self) {
        try GlobPattern(parsing: bytes(bad), matchesSlashes: true)
      }
    }
  }

  /// The glob agrees with fnmatch(3) (FNM_PATHNAME on paths) on random
  /// patterns and names that fnmatch reads the same way (no `**`).
  @Test func agreesWithFnmatch() {
    var random = SeededRandom()
    let alphabet = Array("ab/.*?[]!-\\".utf8)
    for _ in 0..<3000 {
      let pattern = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        Array("ab/.".utf8).randomElement(using: &random)!
      }
      if pattern.count > 1
        && zip(pattern, pattern.dropFirst()).contains(where: { $0 == 0x2A && $1 == 0x2A })
      {
        continue
      }
      for path in [false, true] {
        // An escaped slash: glibc's FNM_PATHNAME matches it to nothing;
        // lsrows to a slash.
        if path && zip(pattern, pattern.dropFirst()).contains(where: { $0 == 0x5C && $1 == 0x2F }) {
          continue
        }
        guard let glob = try? GlobPattern(parsing: pattern, matchesSlashes: !path) else { continue }
        let expected = withCString(pattern) { p in
          withCString(text) { t in fnmatch(p, t, path ? FNM_PATHNAME : 0) == 0 }
        }
        // fnmatch reads an unclosed '[' as a literal; lsrows refuses it, so
        // only patterns both accept are compared.
        #expect(
          glob.matches(text) == expected,
          "pattern \(String(decoding: pattern, as: UTF8.self)) text \(String(decoding: text, as: UTF8.self)) path \(path); \(random)"
        )
      }
    }
  }

  private func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes + [0]).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
  }
}

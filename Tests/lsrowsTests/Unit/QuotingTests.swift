import Testing

@testable import lsrows

@Suite struct QuotingTests {
  func quote(_ input: [UInt8], _ style: QuotingStyle) -> String {
    String(decoding: Quoting(style).quoted(input), as: UTF8.self)
  }

  func quote(_ input: String, _ style: QuotingStyle) -> String {
    quote(bytes(input), style)
  }

  @Test func shellEscapeAlwaysAsInLsMessages() {
    #expect(quote("x", .shellEscapeAlways) == "'x'")
    #expect(quote("a b", .shellEscapeAlways) == "'a b'")
    #expect(quote("a\nb", .shellEscapeAlways) == "'a'$'\\n''b'")
    #expect(quote("it's", .shellEscapeAlways) == "\"it's\"")
    #expect(quote([0xFF], .shellEscapeAlways) == "''$'\\377'")
    #expect(quote("\u{1B}[31m", .shellEscapeAlways) == "''$'\\033''[31m'")
    #expect(quote("", .shellEscapeAlways) == "''")
  }

  @Test func shellEscapeQuotesOnlyWhenNeeded() {
    #expect(quote("plain.txt", .shellEscape) == "plain.txt")
    #expect(quote("a b", .shellEscape) == "'a b'")
    #expect(quote("new\nline", .shellEscape) == "'new'$'\\n''line'")
    #expect(quote("tab\t", .shellEscape) == "'tab'$'\\t'")
    #expect(quote("-dash", .shellEscape) == "-dash")
    #expect(quote("#x", .shellEscape) == "'#x'")
    #expect(quote("x#", .shellEscape) == "x#")
    #expect(quote("{", .shellEscape) == "'{'")
    #expect(quote("{}", .shellEscape) == "{}")
    #expect(quote("", .shellEscape) == "''")
  }

  @Test func shellLeavesUnprintableBytesRaw() {
    #expect(quote("a\nb", .shell) == "'a\nb'")
    #expect(quote("it's", .shellAlways) == "\"it's\"")
    #expect(quote("it's\n", .shellAlways) == "'it'\\''s\n'")
    #expect(quote("x", .shell) == "x")
    #expect(quote("x", .shellAlways) == "'x'")
  }

  @Test func cStyles() {
    #expect(quote("a\"b\n", .c) == "\"a\\\"b\\n\"")
    #expect(quote([0xE9], .c) == "\"\\351\"")
    #expect(quote("plain", .cMaybe) == "plain")
    #expect(quote("a b", .cMaybe) == "a b")
    #expect(quote("a\tb", .cMaybe) == "\"a\\tb\"")
  }

  @Test func escapeAndLocaleStyles() {
    #expect(quote("a\\b\n", .escape) == "a\\\\b\\n")
    #expect(quote("a b", .escape) == "a b")
    #expect(quote("it's\n", .locale) == "'it\\'s\\n'")
    #expect(quote("say \"hi\"", .clocale) == "\"say \\\"hi\\\"\"")
  }

  @Test func extraBytesAreEscapedInEscapingStyles() {
    let spaced = Quoting(.escape, alsoEscaped: ByteSet([UInt8(ascii: " ")]))
    #expect(spaced.quoted(bytes("a b")) == bytes("a\\ b"))
  }

  @Test func literalChangesNothing() {
    let name: [UInt8] = [0x0A, 0xFF, 0x1B, 0x27]
    #expect(Quoting(.literal).quoted(name) == name)
  }
}

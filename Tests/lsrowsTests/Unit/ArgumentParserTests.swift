import Testing

@testable import lsrows

@Suite struct ArgumentParserTests {
  /// A table with prefixes that collide, as ls's do.
  static let table: [OptionSpec] = [
    OptionSpec(.all, short: "a", long: ["all"]),
    OptionSpec(.almostAll, short: "A", long: ["almost-all"]),
    OptionSpec(.sort, short: "w", long: ["sort"], argument: .required),
    OptionSpec(.null, short: "0", long: ["null", "zero"]),
    OptionSpec(.reverse, long: ["reverse"], argument: .optional),
  ]

  func parse(_ words: [String], posix: Bool = false) throws(UsageError) -> [ParsedArgument] {
    var parser = ArgumentParser(words.map(bytes), table: Self.table, stopsAtFirstOperand: posix)
    var parsed: [ParsedArgument] = []
    while let argument = try parser.next() { parsed.append(argument) }
    return parsed
  }

  @Test func clusteredShortOptions() throws {
    #expect(
      try parse(["-aA0"]) == [
        .option(.all, argument: nil), .option(.almostAll, argument: nil),
        .option(.null, argument: nil),
      ])
  }

  @Test func shortOptionArgumentAttachedOrSeparate() throws {
    #expect(try parse(["-wsize"]) == [.option(.sort, argument: bytes("size"))])
    #expect(
      try parse(["-aw", "size"]) == [
        .option(.all, argument: nil), .option(.sort, argument: bytes("size")),
      ])
    #expect(try parse(["-w", "-a"]) == [.option(.sort, argument: bytes("-a"))])
  }

  @Test func longOptionArgumentWithEqualsOrSeparate() throws {
    #expect(try parse(["--sort=x=y"]) == [.option(.sort, argument: bytes("x=y"))])
    #expect(try parse(["--sort", "--all"]) == [.option(.sort, argument: bytes("--all"))])
    #expect(try parse(["--sort="]) == [.option(.sort, argument: [])])
  }

  @Test func optionalArgumentIsOnlyTakenWithEquals() throws {
    #expect(
      try parse(["--reverse", "x"]) == [.option(.reverse, argument: nil), .operand(bytes("x"))])
    #expect(try parse(["--reverse=x"]) == [.option(.reverse, argument: bytes("x"))])
  }

  @Test func unambiguousPrefixes() throws {
    #expect(try parse(["--alm"]) == [.option(.almostAll, argument: nil)])
    #expect(try parse(["--so=n"]) == [.option(.sort, argument: bytes("n"))])
    // Two spellings of one option are not ambiguous, and an exact name wins.
    #expect(try parse(["--n"]) == [.option(.null, argument: nil)])
    #expect(try parse(["--all"]) == [.option(.all, argument: nil)])
  }

  @Test func ambiguousPrefixNamesTheCandidates() {
    #expect(
      throws: UsageError.ambiguousOption(bytes("--al"), candidates: ["--all", "--almost-all"])
    ) {
      try parse(["--al"])
    }
  }

  @Test func operandsAnywhereAndAfterDoubleDash() throws {
    #expect(
      try parse(["x", "-a", "--", "-A", "--all", "-"]) == [
        .operand(bytes("x")), .option(.all, argument: nil), .operand(bytes("-A")),
        .operand(bytes("--all")), .operand(bytes("-")),
      ])
  }

  @Test func posixlyCorrectStopsAtTheFirstOperand() throws {
    #expect(
      try parse(["-a", "x", "-A"], posix: true) == [
        .option(.all, argument: nil), .operand(bytes("x")), .operand(bytes("-A")),
      ])
  }

  @Test func mistakes() {
    #expect(throws: UsageError.unrecognizedOption(bytes("--frob=1"))) { try parse(["--frob=1"]) }
    #expect(throws: UsageError.invalidOption(UInt8(ascii: "k"))) { try parse(["-ak"]) }
    #expect(throws: UsageError.missingArgument(option: "--sort")) { try parse(["--so"]) }
    #expect(throws: UsageError.missingShortArgument(UInt8(ascii: "w"))) { try parse(["-aw"]) }
    #expect(throws: UsageError.unexpectedArgument(option: "--all")) { try parse(["--all=yes"]) }
    #expect(throws: UsageError.unexpectedArgument(option: "--almost-all")) {
      try parse(["--alm=1"])
    }
  }

  @Test func nonASCIIArgumentsStayBytes() throws {
    var parser = ArgumentParser([[0xFF, 0x2D], bytes("--sort"), [0xFE]], table: Self.table)
    #expect(try parser.next() == .operand([0xFF, 0x2D]))
    #expect(try parser.next() == .option(.sort, argument: [0xFE]))
    #expect(try parser.next() == nil)
  }
}

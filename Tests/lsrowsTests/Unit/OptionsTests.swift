import RowCore
import Testing

@testable import lsrows

@Suite struct OptionsTests {
  func options(_ words: String...) throws(UsageError) -> Options {
    guard case .list(let options) = try Options.parse(words.map(bytes)) else {
      Issue.record("expected a listing command")
      return Options()
    }
    return options
  }

  @Test func defaults() throws {
    let parsed = try options()
    #expect(parsed.hidden == .none)
    #expect(parsed.sortKey == .name)
    #expect(!parsed.reversesOrder)
    #expect(!parsed.listsDirectoriesThemselves)
    #expect(parsed.terminator == .newline)
    #expect(parsed.operands.isEmpty)
  }

  @Test func theLaterOfAllAndAlmostAllWins() throws {
    #expect(try options("-aA").hidden == .almostAll)
    #expect(try options("-Aa").hidden == .all)
    #expect(try options("--almost-all", "--all").hidden == .all)
  }

  @Test func sortWords() throws {
    #expect(try options("-U").sortKey == .none)
    #expect(try options("--sort=none").sortKey == .none)
    #expect(try options("--sort", "no").sortKey == .none)
    #expect(try options("-U", "--sort=name").sortKey == .name)
    #expect(try options("--sort=na").sortKey == .name)
  }

  @Test func nulTerminatorSpellings() throws {
    #expect(try options("-0").terminator == .nul)
    #expect(try options("--null").terminator == .nul)
    #expect(try options("--zero").terminator == .nul)
  }

  @Test func onePerLineIsAccepted() throws {
    #expect(try options("-1rd").reversesOrder)
  }

  @Test func operandsKeepTheirOrderAndBytes() throws {
    guard
      case .list(let parsed) = try Options.parse([
        [0xFF], bytes("-r"), bytes("b"), bytes("--"), bytes("-a"),
      ])
    else {
      Issue.record("expected a listing command")
      return
    }
    #expect(parsed.operands == [[0xFF], bytes("b"), bytes("-a")])
    #expect(parsed.reversesOrder)
    #expect(parsed.hidden == .none)
  }

  @Test func helpAndVersionStopParsing() throws {
    guard case .help = try Options.parse([bytes("--help"), bytes("--frob")]) else {
      Issue.record("--help did not win")
      return
    }
    guard case .version = try Options.parse([bytes("-a"), bytes("--vers")]) else {
      Issue.record("--version did not win")
      return
    }
  }

  @Test func theFirstMistakeIsReported() {
    #expect(throws: UsageError.unrecognizedOption(bytes("--frob"))) {
      try Options.parse([bytes("--frob"), bytes("--sort=sideways")])
    }
    #expect(
      throws: UsageError.invalidArgument(
        bytes("sideways"), option: "--sort", valid: Options.sortChoices.choices.map(\.words))
    ) {
      try Options.parse([bytes("--sort=sideways"), bytes("--frob")])
    }
  }

  @Test func invalidAndAmbiguousSortWords() {
    #expect(
      throws: UsageError.ambiguousArgument(
        bytes("n"), option: "--sort", valid: Options.sortChoices.choices.map(\.words))
    ) {
      try Options.parse([bytes("--sort=n")])
    }
    #expect(
      throws: UsageError.ambiguousArgument(
        [], option: "--sort", valid: Options.sortChoices.choices.map(\.words))
    ) {
      try Options.parse([bytes("--sort=")])
    }
  }

  @Test func optionMistakesExitTwoAndArgumentMistakesExitOne() {
    #expect(UsageError.unrecognizedOption([]).exitStatus == .seriousTrouble)
    #expect(UsageError.invalidOption(0).exitStatus == .seriousTrouble)
    #expect(UsageError.invalidArgument([], option: "--sort", valid: []).exitStatus == .minorProblem)
  }
}

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
    // Left to the configuration, which sorts by time for -c and -u.
    #expect(parsed.sortKey == nil)
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
    #expect(try options("-U").sortKey == SortKey.none)
    #expect(try options("--sort=none").sortKey == SortKey.none)
    #expect(try options("--sort", "no").sortKey == SortKey.none)
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

  /// ls 9.1's -f: -a and -U, and off with what it disables, in order.
  @Test func allUnsortedTurnsOffWhatLsTurnsOff() throws {
    let f = try options("-l", "-s", "--color=always", "--hyperlink", "-f")
    #expect(f.hidden == .all)
    #expect(f.sortKey == SortKey.none)
    #expect(!f.format.isLong)
    #expect(!f.showsBlocks)
    #expect(f.color == .never)
    #expect(f.hyperlink == .never)
    #expect(try options("-f", "-l").format.isLong)
    #expect(try options("-f", "-A").hidden == .almostAll)
  }

  /// --zero as ls's: names as they are and no colors; options after it count.
  @Test func zeroSetsLiteralNames() throws {
    let zero = try options("-b", "--color=always", "--zero")
    #expect(zero.terminator == .nul)
    #expect(zero.quotingStyle == .literal)
    #expect(zero.hidesControlCharacters == false)
    #expect(zero.color == .never)
    #expect(try options("--zero", "-b").quotingStyle == .escape)
  }

  @Test func longRowColumns() throws {
    #expect(try options("-g").showsOwner == false)
    #expect(try options("-g").format.isLong)
    #expect(try options("-o").showsGroup == false)
    #expect(try options("-G").showsGroup == false)
    #expect(try options("-G").format.isLong == false)
    #expect(try options("--full-time").timeStyle == bytes("full-iso"))
    #expect(try options("--full-time").format.isLong)
    #expect(try options("--time-style=+%s").timeStyle == bytes("+%s"))
    #expect(try options("-h").blockSize == .humanReadable)
    #expect(try options("--si").blockSize == .si)
    #expect(try options("--block-size=K").blockSize == BlockSize(unit: 1024, showsSuffix: true))
    #expect(throws: UsageError.invalidBlockSize(bytes("1X"), .invalidSuffix)) {
      try Options.parse([bytes("--block-size=1X")])
    }
  }

  @Test func indicatorSpellings() throws {
    #expect(try options("-p").indicatorStyle == .slash)
    #expect(try options("--file-type").indicatorStyle == .fileType)
    #expect(try options("-F").indicatorStyle == .classify)
    #expect(try options("--indicator-style=file-type").indicatorStyle == .fileType)
    #expect(try options("-F", "-p").indicatorStyle == .slash)
    #expect(try options("-F", "--classify=never").indicatorStyle == IndicatorStyle.none)
    #expect(try options("-p", "--classify=never").indicatorStyle == .slash)
  }

  @Test func dereferenceSpellings() throws {
    #expect(try options().dereference == nil)
    #expect(try options("-L").dereference == .always)
    #expect(try options("-H").dereference == .commandLine)
    #expect(
      try options("--dereference-command-line-symlink-to-dir").dereference
        == .commandLineSymlinkToDirectory)
    #expect(try options("-L", "-H").dereference == .commandLine)
  }

  @Test func selectionPatterns() throws {
    #expect(try options("-I", "*.o", "--ignore=a").ignorePatterns == [bytes("*.o"), bytes("a")])
    #expect(try options("-B").ignorePatterns == [bytes("*~"), bytes(".*~")])
    #expect(try options("--hide=x").hidePatterns == [bytes("x")])
  }

  @Test func tabSizeAndWidthAreCheckedAsLsChecksThem() throws {
    _ = try options("-T", "0", "-w", "0", "--tabsize=8", "--width=99999999999999999999")
    #expect(throws: UsageError.invalidTabSize(bytes("x"), tooLarge: false)) {
      try Options.parse([bytes("-T"), bytes("x")])
    }
    #expect(throws: UsageError.invalidTabSize(bytes("99999999999999999999"), tooLarge: true)) {
      try Options.parse([bytes("-T"), bytes("99999999999999999999")])
    }
    #expect(throws: UsageError.invalidWidth(bytes("-1"))) {
      try Options.parse([bytes("-w"), bytes("-1")])
    }
  }

  @Test func lsWordsOfFormat() throws {
    #expect(try options("--format=long").format.isLong)
    #expect(try options("--format=verbose").format.isLong)
    #expect(try options("-l", "--format=single-column").format.isLong == false)
    #expect(throws: UsageError.self) { try Options.parse([bytes("--format=commas")]) }
    if case .template = try options("--format={name}").format {
    } else {
      Issue.record("a template is a template")
    }
  }
}

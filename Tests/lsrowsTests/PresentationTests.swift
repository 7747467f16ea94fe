import Testing

@testable import lsrows

/// Quoting styles, terminals and colors, compared with GNU ls.
@Suite struct QuotingStyleEndToEndTests {
  static let styles = QuotingStyle.allCases.map(\.word)

  @Test(arguments: styles)
  func everyStyleAsLsInAPipe(style: String) {
    let root = TemporaryDirectory.weird()
    for extra in [[], ["-F"], ["-l"], ["-q"], ["-A", "-F", "-l"]] {
      let words = [bytes("--quoting-style=" + style)] + extra.map(bytes) + [bytes("tree")]
      let ours = lsrows(words, in: root.path)
      let theirs = ls([bytes("-1"), bytes("--time-style=long-iso")] + words, in: root.path)
      #expect(
        Text(ours.standardOutput)
          == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)), "\(style) \(extra)")
    }
  }

  @Test(arguments: [
    ["-N"], ["-b"], ["-Q"], ["--literal"], ["--escape"], ["--quote-name"], ["-bF"], ["-Q", "-l"],
  ])
  func shortFormsAsLs(flags: [String]) {
    let root = TemporaryDirectory.weird()
    let words = flags.map(bytes) + [bytes("tree")]
    let ours = lsrows(words, in: root.path)
    let theirs = ls([bytes("-1"), bytes("--time-style=long-iso")] + words, in: root.path)
    #expect(
      Text(ours.standardOutput) == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)))
  }

  @Test func quotingStyleVariable() {
    let root = TemporaryDirectory.weird()
    let ours = lsrows([bytes("tree")], in: root.path, environment: ["QUOTING_STYLE": "c"])
    let theirs = ls(
      [bytes("-1"), bytes("tree")], in: root.path, environment: ["QUOTING_STYLE": "c"])
    #expect(Text(ours.standardOutput) == Text(theirs.standardOutput))
    #expect(ours.outputText.contains("\"new\\nline\""))
    // The option wins over the variable.
    let option = lsrows(
      [bytes("-N"), bytes("tree")], in: root.path, environment: ["QUOTING_STYLE": "c"])
    #expect(splitRows(option.standardOutput).contains(bytes("plain")))
  }

  @Test func invalidQuotingStyleVariableIsIgnoredWithAWarning() {
    let root = TemporaryDirectory.weird()
    let ours = lsrows([bytes("tree")], in: root.path, environment: ["QUOTING_STYLE": "fancy"])
    #expect(ours.exitStatus == 0)
    #expect(
      ours.errorText
        == "lsrows: ignoring invalid value of environment variable QUOTING_STYLE: 'fancy'\n")
    #expect(ours.standardOutput == lsrows([bytes("tree")], in: root.path).standardOutput)
  }

  @Test func invalidQuotingStyleAndColorArguments() {
    let style = lsrows("--quoting-style=fancy")
    #expect(style.exitStatus == 1)
    #expect(
      style.errorText.hasPrefix(
        "lsrows: invalid argument 'fancy' for '--quoting-style'\nValid arguments are:\n  - 'literal'\n"
      ))
    let color = lsrows("--color=sometimes")
    #expect(color.exitStatus == 1)
    #expect(
      color.errorText.hasPrefix(
        "lsrows: invalid argument 'sometimes' for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\n"
      ))
  }
}

@Suite(
  .enabled(
    if: runProcess("sh", [bytes("-c"), bytes("command -v script")]).exitStatus == 0, "needs script")
)
struct TerminalTests {
  @Test(arguments: [
    [], ["-l"], ["-F"], ["-A"], ["-N"], ["-N", "--show-control-chars"], ["--quoting-style=shell"],
    ["-b"], ["-q"], ["--color=auto"], ["-l", "--color=auto"], ["-i"],
  ])
  func asLsOnTheSameTerminal(flags: [String]) {
    let root = TemporaryDirectory.weird()
    let ours = onTerminal(Programs.lsrows, flags + ["tree"], in: root.path)
    let theirs = onTerminal(
      "ls", ["-1", "--time-style=long-iso"] + flags + ["tree"], in: root.path)
    let lsRows =
      theirs.standardOutput.starts(with: bytes("total "))
      ? Array(theirs.standardOutput.drop { $0 != 0x0A }.dropFirst()) : theirs.standardOutput
    #expect(Text(ours.standardOutput) == Text(lsRows), "\(flags)")
  }

  @Test func noControlByteReachesTheTerminalByDefault() {
    let root = TemporaryDirectory.weird()
    for flags in [
      [], ["-l"], ["--quoting-style=shell"], ["--quoting-style=shell-always"], ["-N"],
      ["--format", "{name} {path}"], ["--csv"], ["--json"],
    ] {
      let result = onTerminal(Programs.lsrows, flags + ["tree"], in: root.path)
      // The terminal adds CR to every LF; nothing else below 0x20 may come.
      let controls = result.standardOutput.filter {
        ($0 < 0x20 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F
      }
      #expect(controls.isEmpty, "\(flags)")
      #expect(result.standardOutput.count > 50)
    }
    let raw = onTerminal(Programs.lsrows, ["-N", "--show-control-chars", "tree"], in: root.path)
    #expect(raw.standardOutput.contains(0x1B))
  }

  @Test func aPipeGetsTheBytesAsTheyAre() {
    let root = TemporaryDirectory.weird()
    let piped = lsrows([bytes("tree")], in: root.path)
    #expect(splitRows(piped.standardOutput).contains(bytes("\u{1B}[31mred\u{1B}[0m")))
  }

  @Test func colorAutoOnlyOnATerminalAndNotWithNoColor() {
    let root = TemporaryDirectory.typed()
    let colored = onTerminal(Programs.lsrows, ["--color=auto", "kinds"], in: root.path)
    #expect(colored.standardOutput.contains(0x1B))
    let noColor = onTerminal(
      Programs.lsrows, ["--color=auto", "kinds"], in: root.path, environment: ["NO_COLOR": "1"])
    #expect(!noColor.standardOutput.contains(0x1B))
    let emptyNoColor = onTerminal(
      Programs.lsrows, ["--color=auto", "kinds"], in: root.path, environment: ["NO_COLOR": ""])
    #expect(emptyNoColor.standardOutput.contains(0x1B))
    let piped = lsrows([bytes("--color=auto"), bytes("kinds")], in: root.path)
    #expect(!piped.standardOutput.contains(0x1B))
    // NO_COLOR does not overrule an explicit --color=always.
    let always = lsrows(
      [bytes("--color"), bytes("kinds")], in: root.path, environment: ["NO_COLOR": "1"])
    #expect(always.standardOutput.contains(0x1B))
  }
}

/// Colors byte for byte against `ls --color=always`.
@Suite struct ColorEndToEndTests {
  static let settings: [String?] = [
    nil, "*.tar=01;31:*.TXT=04", "or=40;31:mi=05;37", "ln=target", "fi=32:no=35", "mh=44",
    "di=01;33::fi=32",
    "ex=", "rs=1:lc=<:rc=>:ec=E:di=7", "ln=target:or=31", "tw=0:ow=0:st=0", "*=33",
    "di=\\e[31\\x3b1:ln=^[[1",
    "su=00:sg=0:ex=01;32:*.gz=\\033[7",
  ]

  @Test(arguments: settings)
  func asLsWithThisLSColors(setting: String?) {
    let root = TemporaryDirectory.typed()
    for flags in [
      ["--color=always"], ["--color=always", "-l"], ["--color=always", "-F"], ["--color", "-A"],
    ] {
      let environment: [String: String?] = ["LS_COLORS": setting, "TERM": "xterm"]
      let ours = lsrows((flags + ["kinds"]).map(bytes), in: root.path, environment: environment)
      let theirs = ls(
        [bytes("-1"), bytes("--time-style=long-iso")] + (flags + ["kinds"]).map(bytes),
        in: root.path, environment: environment)
      #expect(
        Text(ours.standardOutput)
          == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)), "\(flags)")
      #expect(ours.standardOutput.contains(0x1B) || setting?.contains("lc=<") == true)
    }
  }

  @Test(arguments: ["zz=01", "di=01;33:garbage", "di=^", "*.x", "di"])
  func malformedLSColorsAreReportedAndColorsDropped(setting: String) {
    let root = TemporaryDirectory.typed()
    let environment: [String: String?] = ["LS_COLORS": setting]
    let ours = lsrows(
      [bytes("--color=always"), bytes("kinds")], in: root.path, environment: environment)
    let theirs = ls(
      [bytes("-1"), bytes("--color=always"), bytes("kinds")], in: root.path,
      environment: environment)
    #expect(ours.exitStatus == 0)
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(Text(ours.standardOutput) == Text(theirs.standardOutput))
    #expect(!ours.standardOutput.contains(0x1B))
    #expect(ours.standardError == asLsrowsMessages(theirs.standardError))
    #expect(
      ours.errorText.hasSuffix("lsrows: unparsable value for LS_COLORS environment variable\n"))
  }

  @Test(arguments: ["dumb", "unknown-terminal", nil] as [String?])
  func unknownTerminalsGetNoDefaultColorsAsLs(term: String?) {
    let root = TemporaryDirectory.typed()
    let environment: [String: String?] = ["LS_COLORS": nil, "TERM": term, "COLORTERM": nil]
    let ours = lsrows(
      [bytes("--color=always"), bytes("kinds")], in: root.path, environment: environment)
    let theirs = ls(
      [bytes("-1"), bytes("--color=always"), bytes("kinds")], in: root.path,
      environment: environment)
    #expect(Text(ours.standardOutput) == Text(theirs.standardOutput))
    #expect(!ours.standardOutput.contains(0x1B))
    // COLORTERM turns the defaults back on, as in ls.
    let colorTerm = lsrows(
      [bytes("--color=always"), bytes("kinds")], in: root.path,
      environment: environment.merging(["COLORTERM": "truecolor"]) { $1 })
    #expect(colorTerm.standardOutput.contains(0x1B))
  }
}

@Suite struct ColorPaletteTests {
  @Test func escapesCaretsOctalAndHex() throws {
    let palette = try ColorPalette.parse(bytes("di=\\e[1\\x3b\\101:ln=^[x\\_y:*.a=\\?"))
    #expect(palette[.directory] == [0x1B, 0x5B, 0x31, 0x3B, 0x41])
    #expect(palette[.link] == [0x1B, 0x78, 0x20, 0x79])
    #expect(palette.suffixes.first?.sequence == [0x7F])
  }

  @Test func laterSuffixesWinAndMatchIgnoringCase() throws {
    let palette = try ColorPalette.parse(bytes("*.tar=1:*.TAR=2"))
    let sequence = palette.sequence(
      name: bytes("x.tar"), status: nil, kind: .regularFile, targetMode: nil)
    #expect(sequence == bytes("2"))
  }

  @Test func defaultsAreLsDefaults() {
    let palette = ColorPalette.defaults
    #expect(palette[.directory] == bytes("01;34"))
    #expect(palette[.link] == bytes("01;36"))
    #expect(palette[.file] == nil)
    #expect(!palette.isColored(.orphan))
  }

  @Test(arguments: ["zz=1", "d", "di", "di=1:x", "*.a", "di=^", "di=\\"])
  func malformed(value: String) {
    #expect(throws: ColorPalette.ParseError.self) { try ColorPalette.parse(bytes(value)) }
  }

  @Test func knownTerminals() {
    for term in [
      "xterm", "xterm-256color", "screen.xterm", "linux", "tmux-direct", "con80x25", "rxvt-unicode",
    ] {
      #expect(ColorPalette.isKnownTerminal(bytes(term)), "\(term)")
    }
    for term in ["dumb", "", "vt220", "emacs"] {
      #expect(!ColorPalette.isKnownTerminal(bytes(term)), "\(term)")
    }
  }
}

@Suite struct TextEncodingTests {
  @Test func base64() {
    for (input, expected) in [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ] {
      var output: [UInt8] = []
      appendBase64(bytes(input), to: &output)
      #expect(output == bytes(expected))
    }
  }

  @Test func repairReplacesEachInvalidByte() {
    var output: [UInt8] = []
    UTF8Text.appendRepaired(
      [0x61, 0xC3, 0xA9, 0xFF, 0xE2, 0x82, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80], to: &output)
    let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    #expect(output == [0x61, 0xC3, 0xA9] + Array(repeating: replacement, count: 10).flatMap { $0 })
    #expect(UTF8Text.isValid(bytes("plain é ✓ 𝄞")))
    #expect(!UTF8Text.isValid([0xC0, 0x80]))
  }

  @Test func jsonStrings() {
    var output: [UInt8] = []
    JSONString.append(bytes("a\"b\\c\n\t\u{1}\u{7F}é"), to: &output)
    #expect(String(decoding: output, as: UTF8.self) == #""a\"b\\c\n\t\u0001\u007fé""#)
  }

  @Test func csvFields() {
    var output: [UInt8] = []
    CSVField.append(bytes("plain"), to: &output)
    output.append(UInt8(ascii: "|"))
    CSVField.append(bytes("a,\"b\"\r\n"), to: &output)
    #expect(String(decoding: output, as: UTF8.self) == "plain|\"a,\"\"b\"\"\r\n\"")
  }
}

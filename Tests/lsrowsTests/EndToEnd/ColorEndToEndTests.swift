import Testing

@testable import lsrows

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

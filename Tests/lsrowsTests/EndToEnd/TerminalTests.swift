import Testing

@testable import lsrows

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

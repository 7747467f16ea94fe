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

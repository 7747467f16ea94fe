import Testing

/// The command line as a user meets it: mistakes, help and version.
@Suite struct CommandLineEndToEndTests {
  @Test(arguments: [
    ["--frob"], ["--frob=1"], ["-y"], ["-ay"], ["--al"], ["--all=x"], ["--sort"], ["--directory=1"],
  ])
  func optionMistakesAreReportedAsLsReportsThem(words: [String]) {
    let root = TemporaryDirectory()
    root.file("a")
    let ours = lsrows(words.map(bytes), in: root.path)
    let theirs = ls(words.map(bytes), in: root.path)
    #expect(ours.exitStatus == 2)
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(ours.standardOutput.isEmpty)
    #expect(ours.standardError == asLsrowsMessages(theirs.standardError), "\(ours)")
  }

  @Test func unknownShortOptionMessage() {
    let result = lsrows("-j")
    #expect(result.exitStatus == 2)
    #expect(
      result.errorText
        == "lsrows: invalid option -- 'j'\nTry 'lsrows --help' for more information.\n")
  }

  @Test func invalidSortWordIsReportedBeforeAnythingIsListed() {
    let root = TemporaryDirectory()
    root.file("a")
    let result = lsrows("a", "--sort=foo", in: root.path)
    #expect(result.exitStatus == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.errorText == """
        lsrows: invalid argument 'foo' for '--sort'
        Valid arguments are:
          - 'name'
          - 'none'
          - 'size'
          - 'time'
          - 'extension'
          - 'version'
          - 'width'
        Try 'lsrows --help' for more information.

        """)
    // ls words it the same way and exits the same way.
    let reference = ls("--sort=foo")
    #expect(reference.exitStatus == 1)
    #expect(
      reference.errorText.hasPrefix(
        "ls: invalid argument 'foo' for '--sort'\nValid arguments are:\n"))
  }

  @Test func sortWordsTakeUniquePrefixesAsLsDoes() {
    let root = TemporaryDirectory()
    root.file("b")
    root.file("a")
    #expect(lsrows("--sort=na", in: root.path).standardOutput == rowBytes(["a", "b"]))
    #expect(lsrows("--sort", "name", in: root.path).standardOutput == rowBytes(["a", "b"]))
    let ambiguous = lsrows("--sort=", in: root.path)
    #expect(ambiguous.exitStatus == 1)
    #expect(ambiguous.errorText.hasPrefix("lsrows: ambiguous argument '' for '--sort'\n"))
    let quoted = lsrows([bytes("--sort=a\nb")])
    #expect(quoted.errorText.hasPrefix("lsrows: invalid argument 'a\\nb' for '--sort'\n"))
  }

  @Test func optionsMayFollowOperandsUnlessPosixlyCorrect() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.file("d/.h")
    #expect(lsrows("d", "-A", in: root.path).standardOutput == rowBytes([".h"]))
    let posix = lsrows(
      [bytes("d"), bytes("-A")], in: root.path, environment: ["POSIXLY_CORRECT": "1"])
    #expect(posix.exitStatus == 2)
    #expect(posix.errorText == "lsrows: cannot access '-A': No such file or directory\n")
  }

  @Test func helpGoesToStandardOutput() {
    let result = lsrows("--help")
    #expect(result.exitStatus == 0)
    #expect(result.standardError.isEmpty)
    #expect(result.outputText.hasPrefix("Usage: lsrows [OPTION]... [PATH]...\n"))
    #expect(lsrows("--he", "--frob").outputText == result.outputText)
  }

  @Test func versionGoesToStandardOutput() {
    let result = lsrows("--version")
    #expect(result.exitStatus == 0)
    // The number itself is checked against Version.swift by ShippingTests.
    #expect(result.outputText.wholeMatch(of: #/lsrows \d+\.\d+\.\d+\n/#) != nil)
  }
}

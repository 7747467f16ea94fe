import Testing

/// `--files0-from`: operands from a NUL-separated list, each listed as itself.
@Suite struct FilesFromTests {
  func fixture() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("dir")
    root.file("dir/inner")
    root.file("b", contents: "bb")
    root.file("a", contents: "a")
    root.file(bytes("new\nline"), contents: [])
    return root
  }

  @Test func readsOperandsFromStandardInputSorted() {
    let root = fixture()
    let input = bytes("b\0dir\0a\0new\nline\0")
    let result = lsrows([bytes("--files0-from=-"), bytes("-0")], in: root.path, input: input)
    #expect(result.exitStatus == 0)
    #expect(result.standardOutput == bytes("a\0b\0dir\0new\nline\0"))
  }

  @Test func keepsInputOrderWithUnsorted() {
    let root = fixture()
    let result = lsrows(
      [bytes("--files0-from=-"), bytes("-U")], in: root.path, input: bytes("b\0dir\0a"))
    #expect(result.standardOutput == rowBytes(["b", "dir", "a"]))
  }

  @Test func formatGivesTypedRowsForAnyListOfPaths() {
    let root = fixture()
    let result = lsrows(
      [bytes("--files0-from=-"), bytes("--format"), bytes("{size}\\t{path}")], in: root.path,
      input: bytes("b\0a\0"))
    #expect(result.standardOutput == rowBytes(["1\ta", "2\tb"]))
  }

  @Test func readsFromAFile() {
    let root = fixture()
    root.file("list", contents: "a\0dir\0")
    let result = lsrows("--files0-from", "list", "-r", in: root.path)
    #expect(result.standardOutput == rowBytes(["dir", "a"]))
  }

  @Test func badOperandsAreReportedAsDuReportsThemAndTheRestListed() {
    let root = fixture()
    let result = lsrows(
      [bytes("--files0-from=-")], in: root.path, input: bytes("a\0\0missing\0b\0"))
    #expect(result.standardOutput == rowBytes(["a", "b"]))
    #expect(result.exitStatus == 2)
    #expect(
      result.errorText
        == "lsrows: -:2: invalid zero-length file name\n"
        + "lsrows: cannot access 'missing': No such file or directory\n")
    // du words both problems the same way.
    let du = runProcess(
      "env", [bytes("-C"), bytes(root.path), bytes("du"), bytes("--files0-from=-")],
      environment: Programs.cLocale, input: bytes("a\0\0missing\0b\0"))
    #expect(asLsrowsMessages(du.standardError.replacingProgramName()) == result.standardError)
  }

  @Test func anUnreadableListIsAnError() {
    let root = fixture()
    let result = lsrows("--files0-from=no-such-list", in: root.path)
    #expect(result.exitStatus == 2)
    #expect(
      result.errorText
        == "lsrows: cannot open 'no-such-list' for reading: No such file or directory\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func operandsCannotBeCombinedWithAList() {
    let result = lsrows("--files0-from=-", "extra")
    #expect(result.exitStatus == 2)
    #expect(
      result.errorText
        == "lsrows: extra operand 'extra'\nfile operands cannot be combined with --files0-from\n"
        + "Try 'lsrows --help' for more information.\n")
  }

  @Test func emptyListListsNothing() {
    let result = lsrows([bytes("--files0-from=-")], input: [])
    #expect(result.exitStatus == 0)
    #expect(result.standardOutput.isEmpty)
  }

  @Test func aDirectoryIsListedAsItselfNotItsContents() {
    let root = fixture()
    let result = lsrows(
      [bytes("--files0-from=-"), bytes("-l")], in: root.path, input: bytes("dir\0"))
    #expect(result.outputText.hasPrefix("d"))
    #expect(result.outputText.hasSuffix(" dir\n"))
  }

  @Test func manyOperandsStreamWithUnsorted() {
    let root = TemporaryDirectory()
    root.file("x")
    // Ten thousand names (all "x"): more than one batch of rows.
    let input = Array(repeating: bytes("x\0"), count: 10_000).flatMap { $0 }
    let result = lsrows([bytes("--files0-from=-"), bytes("-U")], in: root.path, input: input)
    #expect(result.exitStatus == 0)
    #expect(splitRows(result.standardOutput).count == 10_000)
  }
}

extension Array where Element == UInt8 {
  /// du's messages start with "du: "; make them look like ls's for comparison.
  func replacingProgramName() -> [UInt8] {
    let lines = split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> [UInt8] in
      line.starts(with: bytes("du: ")) ? bytes("ls: ") + line.dropFirst(4) : Array(line)
    }
    return Array(lines.joined(separator: [0x0A]))
  }
}

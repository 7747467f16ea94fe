import Testing

/// Runs the built lsrows on fixture trees and compares bytes with GNU ls.
@Suite struct ListingEndToEndTests {
  /// Expects lsrows to print exactly what `LC_ALL=C ls` prints, exit the same
  /// way, and say the same on standard error (with its own name).
  func expectSameAsLs(
    _ lsrowsArguments: [[UInt8]], _ lsArguments: [[UInt8]], in directory: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let ours = lsrows(lsrowsArguments, in: directory)
    let theirs = ls(lsArguments, in: directory)
    #expect(
      Text(ours.standardOutput) == Text(theirs.standardOutput), "\(ours)",
      sourceLocation: sourceLocation)
    #expect(ours.exitStatus == theirs.exitStatus, sourceLocation: sourceLocation)
    #expect(
      ours.standardError == asLsrowsMessages(theirs.standardError), "\(ours)",
      sourceLocation: sourceLocation)
  }

  @Test func weirdNamesComeOutByteForByteInByteOrder() {
    let root = TemporaryDirectory.weird()
    expectSameAsLs([bytes("tree")], [bytes("-1"), bytes("tree")], in: root.path)
    // The output really holds the raw bytes, not a repaired string.
    let output = lsrows([bytes("tree")], in: root.path).standardOutput
    #expect(output.contains(0xFF))
    #expect(splitRows(output).contains([0x63, 0x61, 0x66, 0xE9]))
    #expect(splitRows(output).contains(bytes("tab\there")))
  }

  @Test(arguments: [
    ["-A"], ["-a"], ["-r"], ["-Ar"], ["-a", "-r"], ["--all"], ["--almost-all", "--reverse"],
  ])
  func hiddenEntriesAndReverseAsLs(flags: [String]) {
    let root = TemporaryDirectory.weird()
    expectSameAsLs(
      flags.map(bytes) + [bytes("tree")], [bytes("-1")] + flags.map(bytes) + [bytes("tree")],
      in: root.path)
  }

  @Test(arguments: [
    ["-U"], ["--sort=none"], ["-U", "-a"], ["-U", "-r"], ["--sort", "none", "-A"],
  ])
  func directoryOrderAsLs(flags: [String]) {
    let root = TemporaryDirectory.weird()
    expectSameAsLs(
      flags.map(bytes) + [bytes("tree")], [bytes("-1")] + flags.map(bytes) + [bytes("tree")],
      in: root.path)
  }

  @Test func noOperandListsTheWorkingDirectory() {
    let root = TemporaryDirectory.weird()
    expectSameAsLs([], [bytes("-1")], in: root.path + "/tree")
    #expect(
      lsrows([], in: root.path + "/tree").standardOutput
        == lsrows([bytes(".")], in: root.path + "/tree").standardOutput)
  }

  @Test func nulTerminatedAsLsZero() {
    let root = TemporaryDirectory.weird()
    expectSameAsLs([bytes("-0"), bytes("tree")], [bytes("--zero"), bytes("tree")], in: root.path)
    expectSameAsLs(
      [bytes("--null"), bytes("-A"), bytes("tree")], [bytes("--zero"), bytes("-A"), bytes("tree")],
      in: root.path)
    let rows = splitRows(
      lsrows([bytes("-0"), bytes("tree")], in: root.path).standardOutput, terminator: 0)
    #expect(rows.contains(bytes("new\nline")))
  }

  @Test func emptyDirectoryPrintsNothing() {
    let root = TemporaryDirectory.weird()
    let result = lsrows([bytes("tree/empty-dir")], in: root.path)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.isEmpty)
    #expect(result.exitStatus == 0)
  }

  @Test func nonDirectoryOperandsAreListedAsGiven() {
    let root = TemporaryDirectory.weird()
    for operand in [
      "tree/plain", "./tree/plain", "tree/sub/../plain", "tree/dangling", "tree/fifo",
    ] {
      expectSameAsLs([bytes(operand)], [bytes("-1"), bytes(operand)], in: root.path)
    }
    expectSameAsLs(
      [bytes("tree/-leading-dash")], [bytes("-1"), bytes("tree/-leading-dash")], in: root.path)
    expectSameAsLs(
      [bytes("--"), bytes("-leading-dash")], [bytes("-1"), bytes("--"), bytes("-leading-dash")],
      in: root.path + "/tree")
  }

  @Test func symlinkToADirectoryOperandIsListedThrough() {
    let root = TemporaryDirectory.weird()
    expectSameAsLs(
      [bytes("tree/link-to-sub")], [bytes("-1"), bytes("tree/link-to-sub")], in: root.path)
    #expect(
      lsrows([bytes("tree/link-to-sub")], in: root.path).standardOutput == rowBytes(["child"]))
  }

  @Test func directoryOptionListsOperandsThemselves() {
    let root = TemporaryDirectory.weird()
    let operands = ["tree/sub", "tree/link-to-sub", "tree/plain", "tree", "tree/sub/"].map(bytes)
    expectSameAsLs([bytes("-d")] + operands, [bytes("-1d")] + operands, in: root.path)
    expectSameAsLs([bytes("-d")], [bytes("-1d")], in: root.path)
    expectSameAsLs([bytes("-dr")] + operands, [bytes("-1dr")] + operands, in: root.path)
  }

  @Test func loopingSymlinkOperandIsAnErrorAsInLs() {
    let root = TemporaryDirectory.weird()
    expectSameAsLs(
      [bytes("tree/loop"), bytes("tree/plain")],
      [bytes("-1"), bytes("tree/loop"), bytes("tree/plain")], in: root.path)
  }

  @Test func severalOperandsFilesFirstThenPrefixedDirectoryRows() {
    let root = TemporaryDirectory()
    root.directory("d2")
    root.file("d2/y")
    root.directory("d1")
    root.file("d1/x")
    root.file("d1/.h")
    root.directory("slash")
    root.file("slash/z")
    root.file("b")
    root.file("a")
    root.directory("empty")
    let result = lsrows("d2", "b", "slash/", "empty", "d1", "a", in: root.path)
    #expect(result.standardOutput == rowBytes(["a", "b", "d1/x", "d2/y", "slash/z"]))
    #expect(result.exitStatus == 0)
    let reversed = lsrows("-r", "d2", "b", "d1", "a", in: root.path)
    #expect(reversed.standardOutput == rowBytes(["b", "a", "d2/y", "d1/x"]))
    let unsorted = lsrows("-U", "d2", "b", "d1", "a", in: root.path)
    #expect(unsorted.standardOutput == rowBytes(["b", "a", "d2/y", "d1/x"]))
    let doubled = lsrows("slash//", "d1", in: root.path)
    #expect(doubled.standardOutput == rowBytes(["d1/x", "slash//z"]))
    // The same operand twice is listed twice, as ls does.
    #expect(lsrows("a", "a", in: root.path).standardOutput == rowBytes(["a", "a"]))
  }

  @Test func severalOperandsMatchLsBlocks() {
    // ls prints "DIR:" headers and blank lines; lsrows prefixes each row
    // instead. Rebuild the same rows from ls's own NUL-terminated listing of
    // each directory (a name may hold a newline).
    let root = TemporaryDirectory.weird()
    let operands = ["tree/sub", "tree/plain", "tree", "tree/empty-dir"]
    var expected = ls([bytes("--zero"), bytes("-d"), bytes("tree/plain")], in: root.path)
      .standardOutput
    for directory in ["tree", "tree/empty-dir", "tree/sub"] {
      let listing = ls([bytes("--zero"), bytes(directory)], in: root.path).standardOutput
      for row in splitRows(listing, terminator: 0) {
        expected += bytes(directory + "/") + row + [0]
      }
    }
    let ours = lsrows([bytes("-0")] + operands.map(bytes), in: root.path)
    #expect(ours.exitStatus == 0)
    #expect(Text(ours.standardOutput) == Text(expected))
    #expect(splitRows(ours.standardOutput, terminator: 0).contains(bytes("tree/new\nline")))
  }

  @Test func missingOperandIsReportedAndTheRestListed() {
    let root = TemporaryDirectory.weird()
    let operands = ["tree/sub", "no-such", "tree/plain", ""].map(bytes)
    let result = lsrows(operands, in: root.path)
    #expect(result.exitStatus == 2)
    #expect(result.standardOutput == rowBytes(["tree/plain", "tree/sub/child"]))
    #expect(
      result.errorText
        == "lsrows: cannot access 'no-such': No such file or directory\n"
        + "lsrows: cannot access '': No such file or directory\n")
    let reference = ls([bytes("-1")] + operands, in: root.path)
    #expect(asLsrowsMessages(reference.standardError) == result.standardError)
  }

  @Test func weirdNamesInMessagesAreQuotedAsLsQuotesThem() {
    let root = TemporaryDirectory()
    let operands: [[UInt8]] = [
      bytes("new\nline"), [0xFF, 0x41], bytes("it's"), bytes("\u{1B}[0m"), bytes("a b"),
    ]
    expectSameAsLs(operands, [bytes("-1")] + operands, in: root.path)
  }

  @Test func nothingInTheTreeChanges() {
    let root = TemporaryDirectory.weird()
    let before = runProcess(
      "sh",
      [
        bytes("-c"), bytes("cd \"$1\" && find . -printf '%p %m %s %T@ %C@\\n' | sort"), bytes("sh"),
        bytes(root.path),
      ])
    for flags in [[], ["-a"], ["-U"], ["-d"], ["-r", "-A"]] {
      _ = lsrows(
        flags.map(bytes) + [bytes("tree"), bytes("tree/sub"), bytes("tree/plain")], in: root.path)
    }
    let after = runProcess(
      "sh",
      [
        bytes("-c"), bytes("cd \"$1\" && find . -printf '%p %m %s %T@ %C@\\n' | sort"), bytes("sh"),
        bytes(root.path),
      ])
    #expect(Text(before.standardOutput) == Text(after.standardOutput))
    #expect(!before.standardOutput.isEmpty)
  }
}

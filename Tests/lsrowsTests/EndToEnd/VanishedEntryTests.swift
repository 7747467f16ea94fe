import Testing

/// An entry that disappears between `readdir` and `lstat` (simulated with an
/// `LD_PRELOAD` library that makes its stat fail) is reported as ls reports
/// it, with exit status 1, and the rest is listed.
@Suite struct VanishedEntryTests {
  func fixture() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("dir")
    root.file("dir/before", contents: "12")
    root.file("dir/\(FaultInjection.marker)-file", contents: "1234")
    root.symlink("dir/\(FaultInjection.marker)-link", to: "before")
    root.file("dir/zafter", contents: "1")
    return root
  }

  @Test(arguments: [
    ["-l"], ["-li"], ["-lF"], ["-S"], ["-t"], ["-F"], ["-l", "-S"], ["-i"], ["-iF"],
  ])
  func reportedAsLsReportsItAndTheRestListed(flags: [String]) {
    let root = fixture()
    let preload: [String: String?] = ["LD_PRELOAD": FaultInjection.library]
    let ours = lsrows(flags.map(bytes) + [bytes("dir")], in: root.path, environment: preload)
    let theirs = ls(
      [bytes("-1"), bytes("--time-style=long-iso")] + flags.map(bytes) + [bytes("dir")],
      in: root.path, environment: preload)
    #expect(ours.exitStatus == 1)
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(
      Text(ours.standardOutput) == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)))
    #expect(Text(ours.standardError) == Text(asLsrowsMessages(theirs.standardError)))
    #expect(
      ours.errorText.contains(
        "lsrows: cannot access 'dir/\(FaultInjection.marker)-file': No such file or directory\n"))
  }

  @Test func templateFieldsOfAVanishedEntryAreQuestionMarks() {
    let root = fixture()
    let result = lsrows(
      [bytes("--format"), bytes("{name} {size} {mode}"), bytes("dir")], in: root.path,
      environment: ["LD_PRELOAD": FaultInjection.library])
    #expect(result.exitStatus == 1)
    #expect(splitRows(result.standardOutput).contains(bytes("\(FaultInjection.marker)-file ? ?")))
    #expect(splitRows(result.standardOutput).contains(bytes("before 2 -rw-r--r--")))
  }

  @Test func aPlainListingDoesNotStatSoNothingVanishes() {
    let root = fixture()
    let result = lsrows(
      [bytes("dir")], in: root.path, environment: ["LD_PRELOAD": FaultInjection.library])
    #expect(result.exitStatus == 0)
    #expect(splitRows(result.standardOutput).count == 4)
  }
}

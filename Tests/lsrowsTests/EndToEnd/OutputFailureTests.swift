import Glibc
import Testing

/// What happens when the output cannot be written, as ls behaves.
@Suite struct OutputFailureTests {
  @Test func fullDiskIsAWriteError() {
    let root = TemporaryDirectory.weird()
    let ours = lsrows([bytes("tree")], in: root.path, output: .file("/dev/full"))
    #expect(ours.exitStatus == 2)
    #expect(ours.errorText == "lsrows: write error: No space left on device\n")
    let theirs = ls([bytes("-1"), bytes("tree")], in: root.path, output: .file("/dev/full"))
    #expect(ours.standardError == asLsrowsMessages(theirs.standardError))
  }

  @Test func closedStandardOutputIsAWriteError() {
    let root = TemporaryDirectory.weird()
    let ours = lsrows([bytes("tree")], in: root.path, output: .closed)
    #expect(ours.exitStatus == 2)
    #expect(ours.errorText == "lsrows: write error: Bad file descriptor\n")
    let theirs = ls([bytes("-1"), bytes("tree")], in: root.path, output: .closed)
    #expect(ours.standardError == asLsrowsMessages(theirs.standardError))
  }

  @Test func nothingToWriteIsNoError() {
    let root = TemporaryDirectory()
    root.directory("empty")
    for target in [OutputTarget.file("/dev/full"), .closed] {
      let result = lsrows([bytes("empty")], in: root.path, output: target)
      #expect(result.exitStatus == 0)
      #expect(result.standardError.isEmpty)
    }
  }

  /// A directory whose listing is far larger than a pipe holds.
  static func bigDirectory() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("big")
    _ = runProcess(
      "sh",
      [
        bytes("-c"),
        bytes("cd \"$1\" && seq -f 'entry-with-a-longish-name-%06g' 1 20000 | xargs touch"),
        bytes("sh"), bytes(root.path + "/big"),
      ])
    return root
  }

  @Test func brokenPipeEndsQuietlyKilledBySIGPIPE() {
    let root = Self.bigDirectory()
    let result = runProcess(
      "bash",
      [
        bytes("-c"), bytes("\"$1\" big | head -1; echo \"${PIPESTATUS[0]}\" >&2"), bytes("bash"),
        bytes(Programs.lsrows),
      ],
      environment: ["PWD": nil], output: .capture, in: root.path)
    #expect(result.outputText == "entry-with-a-longish-name-000001\n")
    #expect(result.errorText == "141\n")
  }

  @Test func brokenPipeWithSIGPIPEIgnoredEndsQuietlyWithStatusTwo() {
    let root = Self.bigDirectory()
    let result = runProcess(
      "bash",
      [
        bytes("-c"), bytes("trap '' PIPE; \"$1\" big | head -1; echo \"${PIPESTATUS[0]}\" >&2"),
        bytes("bash"), bytes(Programs.lsrows),
      ],
      environment: ["PWD": nil], output: .capture, in: root.path)
    #expect(result.outputText == "entry-with-a-longish-name-000001\n")
    #expect(result.errorText == "2\n")
  }
}

private func runProcess(
  _ program: String, _ arguments: [[UInt8]], environment: [String: String?], output: OutputTarget,
  in directory: String
) -> ProcessResult {
  runProcess(
    "env", [bytes("-C"), bytes(directory), bytes(program)] + arguments, environment: environment,
    output: output)
}

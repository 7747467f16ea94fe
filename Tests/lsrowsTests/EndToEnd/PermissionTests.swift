import Glibc
import Testing

/// Permission failures, run as an unprivileged user through setpriv, since
/// CI runs as root and root reads everything.
@Suite(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
struct PermissionTests {
  /// Runs `program` as nobody (uid and gid 65534) from `directory`.
  func asNobody(_ program: String, _ arguments: [[UInt8]], in directory: String) -> ProcessResult {
    runProcess(
      "setpriv",
      [
        bytes("--reuid=65534"), bytes("--regid=65534"), bytes("--clear-groups"), bytes("env"),
        bytes("-C"), bytes(directory), bytes(program),
      ]
        + arguments,
      environment: Programs.cLocale)
  }

  @Test func unreadableDirectoryOperandIsReportedAndTheRestListed() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("locked", mode: 0o000)
    root.directory("open")
    root.file("open/x")
    let ours = asNobody(binary, [bytes("locked"), bytes("open")], in: root.path)
    #expect(ours.exitStatus == 2)
    #expect(ours.standardOutput == rowBytes(["open/x"]))
    #expect(ours.errorText == "lsrows: cannot open directory 'locked': Permission denied\n")
    let theirs = asNobody("ls", [bytes("locked"), bytes("open")], in: root.path)
    #expect(theirs.exitStatus == 2)
    #expect(asLsrowsMessages(theirs.standardError) == ours.standardError)
  }

  @Test func unsearchableParentMakesTheOperandInaccessible() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("closed")
    root.file("closed/inner")
    root.chmod("closed", 0o600)
    let ours = asNobody(binary, [bytes("closed/inner")], in: root.path)
    let theirs = asNobody("ls", [bytes("closed/inner")], in: root.path)
    #expect(ours.exitStatus == 2)
    #expect(ours.errorText == "lsrows: cannot access 'closed/inner': Permission denied\n")
    #expect(asLsrowsMessages(theirs.standardError) == ours.standardError)
  }

  /// A directory large enough that its statuses are read while the rest of
  /// it is (past 16,384 entries), by this thread and then two: what fails
  /// is reported in the order the entries were read, as `ls -U` lists
  /// them, whichever thread met it.
  @Test func failuresOfALargeDirectoryComeInReadOrder() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("big")
    let script = """
      cd "$1" && seq 1 40000 | sed 's/^/f/' | xargs touch && seq 1 60 | sed 's/^/d/' | xargs mkdir -m 0
      """
    _ = runProcess("sh", [bytes("-c"), bytes(script), bytes("sh"), bytes(root.path + "/big")])
    let ours = asNobody(
      binary, [bytes("-S"), bytes("--format"), bytes("{name} {entries}"), bytes("big")],
      in: root.path)
    let readOrder = splitRows(
      asNobody("ls", [bytes("-U"), bytes("big")], in: root.path).standardOutput)
    let expected = readOrder.filter { $0.first == UInt8(ascii: "d") }.map {
      "lsrows: cannot open directory 'big/\(String(decoding: $0, as: UTF8.self))': Permission denied\n"
    }
    #expect(expected.count == 60)
    #expect(ours.exitStatus == 1)
    #expect(splitRows(ours.standardOutput).count == 40_060)
    #expect(ours.errorText == expected.joined())
  }
}

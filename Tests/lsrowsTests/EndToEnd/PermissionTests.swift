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
}

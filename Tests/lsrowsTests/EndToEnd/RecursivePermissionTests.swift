import Glibc
import Testing

/// Unreadable subdirectories, as an unprivileged user (CI runs as root).
@Suite(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
struct RecursivePermissionTests {
  @Test func unreadableSubdirectoryIsReportedAndTheRestListed() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("top")
    root.directory("top/locked")
    root.file("top/locked/secret")
    root.directory("top/open")
    root.file("top/open/visible")
    root.chmod("top/locked", 0o000)
    let asNobody = [
      bytes("--reuid=65534"), bytes("--regid=65534"), bytes("--clear-groups"), bytes("env"),
      bytes("-C"), bytes(root.path),
    ]
    let ours = runProcess(
      "setpriv", asNobody + [bytes(binary), bytes("-R"), bytes("top")],
      environment: Programs.cLocale)
    #expect(ours.exitStatus == 1)
    #expect(ours.standardOutput == rowBytes(["locked", "open", "open/visible"]))
    #expect(ours.errorText == "lsrows: cannot open directory 'top/locked': Permission denied\n")
    let theirs = runProcess(
      "setpriv", asNobody + [bytes("ls"), bytes("-R"), bytes("top")], environment: Programs.cLocale)
    #expect(theirs.exitStatus == 1)
    #expect(asLsrowsMessages(theirs.standardError) == ours.standardError)
  }
}

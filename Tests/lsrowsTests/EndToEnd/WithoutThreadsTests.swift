import Glibc
import Testing

/// With no thread to be had, every listing that would start one runs its
/// work on the main thread and writes the same bytes.
///
/// `RLIMIT_NPROC` of 1 for an unprivileged user (CI runs as root, which the
/// limit does not bind) makes every `pthread_create` fail with EAGAIN.
@Suite(
  .enabled(if: getuid() == 0, "setpriv needs root to change user"),
  .disabled(
    if: Programs.sanitizer != nil,
    "a sanitizer's runtime starts threads of its own, which RLIMIT_NPROC=1 forbids"))
struct WithoutThreadsTests {
  @Test func everyThreadedModeListsTheSame() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("big")
    // More than a chunk (65,536), so a sorted listing is merged from
    // chunks, and more than the 4,096 entries whose status two threads read.
    let script = "cd \"$1\" && seq 1 70000 | sed 's/^/n/' | xargs touch"
    _ = runProcess("sh", [bytes("-c"), bytes(script), bytes("sh"), bytes(root.path + "/big")])
    root.directory("tree")
    root.directory("tree/a")
    root.directory("tree/a/b")
    root.file("tree/a/b/deep")
    root.directory("tree/c")
    root.file("tree/c/file")
    let limited = [
      bytes("--nproc=1:1"), bytes("setpriv"), bytes("--reuid=65534"), bytes("--regid=65534"),
      bytes("--clear-groups"), bytes("env"), bytes("-C"), bytes(root.path), bytes(binary),
    ]
    for mode in [
      ["-U", "big"], ["big"], ["-r", "big"], ["-l", "big"], ["--where", "size == 0", "big"],
      ["-RA", "tree"], ["-RAU", "tree"], ["-RAL", "tree"], ["-RAl", "tree"],
    ] {
      let threaded = lsrows(mode.map(bytes), in: root.path)
      let alone = runProcess("prlimit", limited + mode.map(bytes), environment: Programs.cLocale)
      #expect(alone.exitStatus == 0, "\(mode): \(alone)")
      #expect(alone.errorText == "", "\(mode)")
      #expect(alone.standardOutput == threaded.standardOutput, "\(mode)")
      #expect(alone.standardOutput.count > 10, "\(mode)")
    }
  }
}

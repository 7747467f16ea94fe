import Glibc
import Testing

/// FIFOs and sockets in a tree are listed, never opened: a walk over them
/// must not block, whatever the options.
@Suite struct SpecialFileTests {
  static func tree() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/sub")
    root.fifo("top/fifo")
    root.socket("top/sub/socket")
    root.fifo("top/sub/fifo")
    root.symlink("top/sub/link-to-fifo", to: "fifo")
    root.file("top/sub/plain")
    return root
  }

  @Test(arguments: [
    ["-R"], ["-Rl"], ["-RlL"], ["-R", "--json"], ["-R", "--csv"], ["-Ri", "-S"], ["-RF"],
    ["-R", "--color=always"], ["-Rt", "--time=ctime"], ["-R", "--type=p"],
    ["-R", "--format", "{path} {type} {size} {mode} {target} {inode}"],
  ])
  func walkingNeverBlocks(flags: [String]) {
    let root = Self.tree()
    let result = runProcess(
      "env",
      [bytes("-C"), bytes(root.path), bytes("timeout"), bytes("10"), bytes(Programs.lsrows)]
        + flags.map(bytes) + [bytes("top")], environment: Programs.cLocale)
    #expect(result.exitStatus == 0, "\(flags): \(result)")
    #expect(result.standardError.isEmpty)
    let output = result.outputText
    #expect(output.contains("fifo"), "\(flags)")
    if !flags.contains("--type=p") {
      #expect(output.contains("socket"), "\(flags)")
    }
  }

  @Test func longRowsAsLs() {
    let root = Self.tree()
    for flags in [["-l"], ["-lL"], ["-li"], ["-lF"]] {
      let ours = lsrows(flags.map(bytes) + [bytes("top/sub")], in: root.path)
      let theirs = ls(
        [bytes("--time-style=long-iso")] + flags.map(bytes) + [bytes("top/sub")], in: root.path)
      #expect(ours.exitStatus == 0)
      #expect(theirs.exitStatus == 0)
      // ls starts with a "total" line; lsrows prints rows only.
      let rows = theirs.standardOutput.drop { $0 != 0x0A }.dropFirst()
      #expect(Text(ours.standardOutput) == Text(Array(rows)), "\(flags)")
    }
  }

  @Test func aFifoOperandIsListedAsItself() {
    let root = Self.tree()
    let result = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("timeout"), bytes("10"), bytes(Programs.lsrows),
        bytes("-R"), bytes("-L"), bytes("top/fifo"), bytes("top/sub/socket"),
      ], environment: Programs.cLocale)
    #expect(result.exitStatus == 0, "\(result)")
    #expect(result.outputText == "top/fifo\ntop/sub/socket\n")
  }
}

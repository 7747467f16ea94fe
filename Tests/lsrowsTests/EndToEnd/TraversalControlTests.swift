import Glibc
import Testing

/// --min-depth, --prune and --one-file-system, against find.
@Suite struct TraversalControlTests {
  /// NUL-terminated paths, sorted: names in the tree hold newlines.
  func paths(_ result: ProcessResult) -> [[UInt8]] {
    splitRows(result.standardOutput, terminator: 0).sorted { $0.lexicographicallyPrecedes($1) }
  }

  func find(_ arguments: [String], in root: TemporaryDirectory) -> [[UInt8]] {
    paths(
      runProcess(
        "env",
        [bytes("-C"), bytes(root.path), bytes("find")] + arguments.map(bytes)
          + [bytes("-print0")]))
  }

  @Test(arguments: [1, 2, 3, 5])
  func minDepthIsFindsMinDepth(depth: Int) {
    let root = TemporaryDirectory.nested()
    let ours = lsrows("-RA0", "--format", "{path}", "--min-depth", "\(depth)", "top", in: root.path)
    let theirs = find(["top", "-mindepth", "\(depth)"], in: root)
    #expect(paths(ours) == theirs)
    #expect(!theirs.isEmpty)
  }

  @Test func prunedDirectoriesAreNeitherListedNorEntered() {
    let root = TemporaryDirectory.nested()
    let ours = lsrows(
      "-RA0", "--format", "{path}", "--prune", "empty*", "--prune", ".hidden[0-3]", "top",
      in: root.path)
    let theirs = find(
      [
        "top", "-mindepth", "1", "-type", "d", "(", "-name", "empty*", "-o", "-name",
        ".hidden[0-3]", ")", "-prune", "-o",
      ], in: root)
    #expect(paths(ours) == theirs)
    #expect(!theirs.isEmpty)
  }

  @Test func prunesOnlyDirectories() {
    let root = TemporaryDirectory()
    root.directory("t")
    root.directory("t/node_modules")
    root.file("t/node_modules/x")
    root.file("t/node_modules.txt")
    let ours = lsrows("-R", "--prune", "node_modules*", "t", in: root.path)
    #expect(ours.outputText == "node_modules.txt\n")
  }

  @Test(.enabled(if: getuid() == 0, "mounting needs root"))
  func oneFileSystemListsAMountPointWithoutEnteringIt() {
    let root = TemporaryDirectory()
    root.directory("t")
    root.directory("t/mnt")
    root.file("t/a")
    let script = """
      mount -t tmpfs none t/mnt && : > t/mnt/inside && \
      "$0" -R --one-file-system --format '{path}' t && echo -- && "$0" -R --format '{path}' t
      """
    let result = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("unshare"), bytes("--mount"), bytes("sh"), bytes("-c"),
        bytes(script), bytes(Programs.lsrows),
      ])
    #expect(result.outputText == "t/a\nt/mnt\n--\nt/a\nt/mnt\nt/mnt/inside\n", "\(result)")
  }
}

import Glibc
import Testing

/// The `tree_` fields: each directory's totals equal what du and find
/// give for that path alone, whatever the listing hides, and a
/// directory's row comes after what is below it.
@Suite struct TreeTotalsTests {
  /// Byte 1 separates fields: no fixture name holds it.
  static let template =
    "{tree_size}\u{1}{tree_blocks}\u{1}{tree_entries}\u{1}{tree_mtime:%s}\u{1}{path}"

  /// For every entry below `directory` (the operand `.`), what du and find
  /// say of it in the template's form, sorted.
  func oracle(in directory: String, typeTest: String = "") -> [[UInt8]] {
    let script = #"""
      cd "$1" || exit 99
      find . -mindepth 1 \#(typeTest) -print0 | while IFS= read -r -d '' p; do
        size=$(du -0 -s --apparent-size -B1 -- "$p" | cut -z -f1 | tr -d '\0')
        blocks=$(du -0 -sk -- "$p" | cut -z -f1 | tr -d '\0')
        entries=$(find "$p" -mindepth 1 -printf x | wc -c)
        newest=$(find "$p" -printf '%Ts\n' | sort -n | tail -n 1)
        printf '%s\001%s\001%s\001%s\001%s\000' "$size" "$blocks" "$entries" "$newest" "$p"
      done | LC_ALL=C sort -z
      """#
    let result = runProcess(
      "bash", [bytes("-c"), bytes(script), bytes("bash"), bytes(directory)],
      environment: Programs.cLocale, timeout: 600)
    return splitRows(result.standardOutput, terminator: 0)
  }

  @Test func everyEntrysTotalsAreDuAndFinds() {
    for _ in 0..<3 {
      var random = SeededRandom()
      let tree = RandomTree(&random)
      let expected = oracle(in: tree.root.path)
      let result = lsrows(
        ["-RA", "-0", "--format=" + Self.template, "."].map(bytes), in: tree.root.path)
      #expect(result.exitStatus == 0, "\(result)")
      let rows = splitRows(result.standardOutput, terminator: 0).sorted {
        $0.lexicographicallyPrecedes($1)
      }
      #expect(rows.count > 20, "\(random)")
      #expect(rows == expected, "\(random)")
    }
  }

  /// Hiding rows changes no total: without -A, with -I and --prune, and
  /// without -R (each entry walked to total it, as du -s DIR/*).
  @Test func whatHidesRowsCountsInTotals() {
    var random = SeededRandom()
    let tree = RandomTree(&random)
    // A directory that none of the options hides: the random tree's top
    // may hold only directories that one of them does (`B3` for `-I B*`).
    tree.root.directory("kept")
    tree.root.file("kept/file", contents: "kept\n")
    let expected = oracle(in: tree.root.path, typeTest: "-maxdepth 1 -type d")
    for flags in [["-A"], ["-A", "-I", "B*"], ["-A", "--prune", "a*"], ["-A", "-R", "--hide=x"]] {
      let result = lsrows(
        (flags + ["-0", "--type=d", "--max-depth=1", "--format=" + Self.template, "."]).map(bytes),
        in: tree.root.path)
      let shown = Set(splitRows(result.standardOutput, terminator: 0))
      #expect(result.exitStatus == 0 && !shown.isEmpty, "\(flags), \(random): \(result)")
      #expect(shown.isSubset(of: Set(expected)), "\(flags), \(random)")
    }
    let plain = lsrows(
      ["-A", "-0", "--type=d", "--format=" + Self.template, "."].map(bytes), in: tree.root.path)
    #expect(Set(splitRows(plain.standardOutput, terminator: 0)) == Set(expected), "\(random)")
  }

  /// a/b/big (`bigSize` bytes), a/x (3 bytes, unless left out), c/y (3)
  /// and .hidden.
  static func smallTree(bigSize: Int, withX: Bool = true) -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("a")
    root.directory("a/b")
    root.sizedFile("a/b/big", size: bigSize)
    if withX { root.file("a/x", contents: "hi\n") }
    root.directory("c")
    root.file("c/y", contents: "12\n")
    root.file(".hidden", contents: "h")
    return root
  }

  @Test func aDirectoryComesAfterWhatIsBelowIt() {
    let root = Self.smallTree(bigSize: 5000)
    let result = lsrows("-R", "--format={tree_size}\t{path}", in: root.path)
    #expect(
      result.outputText.split(separator: "\n").map { $0.split(separator: "\t")[1] }
        == ["a/b/big", "a/b", "a/x", "a", "c/y", "c"], "\(result)")
    // With a whole-tree order, the order decides.
    let sorted = lsrows("-R", "--sort-by=-tree_size", "--format={path}", in: root.path)
    #expect(sorted.outputText == "a\na/b\na/b/big\nc\na/x\nc/y\n", "\(sorted)")
  }

  /// --where and --type see a directory's totals, and hide its row.
  @Test func filtersApplyToDirectoriesWithTotals() {
    let root = Self.smallTree(bigSize: 50_000, withX: false)
    let files = lsrows("-R", "--type=f", "--format={tree_size} {path}", in: root.path)
    #expect(files.outputText == "50000 a/b/big\n3 c/y\n", "\(files)")
    let big = lsrows("-R", "--where=tree_size > 40000", "--format={path}", in: root.path)
    #expect(big.outputText == "a/b/big\na/b\na\n", "\(big)")
  }

  @Test func directoriesListedAsThemselvesAreDuS() {
    var random = SeededRandom()
    let tree = RandomTree(&random)
    let result = lsrows(
      ["-d", "--format={tree_blocks}\t{tree_size}", "."].map(bytes), in: tree.root.path)
    let blocks = runProcess("du", [bytes("-sk"), bytes(tree.root.path)]).outputText
      .split(separator: "\t")[0]
    let size = runProcess(
      "du", [bytes("-s"), bytes("--apparent-size"), bytes("-B1"), bytes(tree.root.path)]
    ).outputText.split(separator: "\t")[0]
    #expect(result.outputText == "\(blocks)\t\(size)\n", "\(random)")
  }

  /// -L follows links into directories, as du -L: each row's totals are
  /// those of what it points to, for that path alone.
  @Test func dereferencingFollowsLinksAsDuL() {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/real")
    root.sizedFile("top/real/data", size: 12_345)
    root.sizedFile("outside", size: 777)
    root.symlink("top/to-real", to: "real")
    root.symlink("top/to-outside", to: "../outside")
    let ours = lsrows("-L", "--format={tree_size}\t{name}", "top", in: root.path)
    var expected = ""
    for name in ["real", "to-outside", "to-real"] {
      let du = runProcess(
        "du", ["-L", "-s", "-b", root.path + "/top/" + name].map(bytes)
      ).outputText.split(separator: "\t")[0]
      expected += "\(du)\t\(name)\n"
    }
    #expect(ours.outputText == expected, "\(ours)")
    let total = lsrows("-L", "-d", "--format={tree_size}", "top", in: root.path)
    let du = runProcess("du", ["-L", "-s", "-b", root.path + "/top"].map(bytes)).outputText
    #expect(total.outputText == du.split(separator: "\t")[0] + "\n", "\(total)")
  }

  @Test func aFilesTotalsAreItsOwn() {
    let root = TemporaryDirectory()
    root.sizedFile("sparse", size: 1 << 20)
    let result = lsrows(
      "--format={tree_size} {tree_blocks} {tree_entries} {size} {blocks}", "sparse",
      in: root.path)
    #expect(result.outputText == "1048576 0 0 1048576 0\n")
  }

  @Test func sortingOneDirectoryByItsTotals() {
    let root = TemporaryDirectory()
    for (name, size) in [("small", 10), ("large", 9000), ("middle", 500)] {
      root.directory(name)
      root.sizedFile(name + "/f", size: size)
    }
    root.sizedFile("file", size: 7000)
    let result = lsrows("--sort-by=-tree_size", "--format={name}", in: root.path)
    #expect(result.outputText == "large\nfile\nmiddle\nsmall\n", "\(result)")
  }

  @Test func treeFieldsOnlyWhenNamedInRecords() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.sizedFile("d/f", size: 10)
    let plain = lsrows("--json", in: root.path)
    #expect(!plain.outputText.contains("tree_"))
    let named = lsrows("--json", "--fields=name,tree_entries", in: root.path)
    #expect(named.outputText == "{\"name\":\"d\",\"tree_entries\":1}\n", "\(named)")
  }

  @Test func pruneWhereCannotReadTotals() {
    let result = lsrows("-R", "--prune-where=tree_size > 1M", "/")
    #expect(result.exitStatus == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.errorText.contains("a tree_ field is known only after the walk"), "\(result)")
  }

  /// An unreadable directory below is reported, as du reports it, and
  /// the totals above it are what could be read.
  @Test(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
  func anUnreadableDirectoryIsReported() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("top")
    root.directory("top/.locked")
    root.sizedFile("top/.locked/secret", size: 100)
    root.sizedFile("top/open", size: 7)
    root.chmod("top/.locked", 0o000)
    let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "-C", root.path]
    let ours = runProcess(
      "setpriv", (asNobody + [binary, "-d", "--format={tree_entries}", "top"]).map(bytes),
      environment: Programs.cLocale)
    #expect(ours.exitStatus == 1, "\(ours)")
    #expect(ours.outputText == "2\n")
    #expect(ours.errorText == "lsrows: cannot open directory 'top/.locked': Permission denied\n")
    let du = runProcess(
      "setpriv", (asNobody + ["du", "-s", "top"]).map(bytes), environment: Programs.cLocale)
    #expect(du.exitStatus == ours.exitStatus)
  }

  /// --one-file-system: a mount point counts in no total above it, as du -x.
  @Test(.enabled(if: getuid() == 0, "mounting needs root"))
  func oneFileSystemLeavesMountPointsOut() throws {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/mount")
    root.sizedFile("top/file", size: 3)
    let mounted = runProcess(
      "mount", ["-t", "tmpfs", "none", root.path + "/top/mount"].map(bytes))
    try #require(mounted.exitStatus == 0, "cannot mount a tmpfs: \(mounted)")
    defer { _ = runProcess("umount", [bytes(root.path + "/top/mount")]) }
    root.sizedFile("top/mount/inside", size: 999)
    let ours = lsrows(
      "--one-file-system", "-d", "--format={tree_size}", "top", in: root.path)
    let du = runProcess(
      "du", ["-x", "-s", "--apparent-size", "-B1", root.path + "/top"].map(bytes))
    #expect(ours.outputText == du.outputText.split(separator: "\t")[0] + "\n", "\(ours) \(du)")
    let whole = lsrows("-d", "--format={tree_entries}", "top", in: root.path)
    #expect(whole.outputText == "3\n")
  }
}

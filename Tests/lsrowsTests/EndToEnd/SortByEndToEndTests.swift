import Glibc
import Testing

/// `--sort-by` against `sort -k` over the same fields written by
/// `--format`: the same order, ties ending with the name byte-wise.
@Suite struct SortByEndToEndTests {
  static func fixture() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("s")
    var random = SeededRandom(seed: 7)
    for index in 0..<60 {
      let name = "f\(index % 7)-\(index)" + ["", ".txt", ".c", ".tar.gz"][index % 4]
      root.sizedFile("s/" + name, size: [0, 10, 1024, 4096][index % 4] + index % 3)
      root.setTimes(
        "s/" + name, seconds: 1_700_000_000 + Int.random(in: 0..<5, using: &random),
        nanoseconds: Int.random(in: 0..<3, using: &random))
      if index % 5 == 0 { root.chmod("s/" + name, 0o755) }
    }
    for name in ["d1", "d2", "zdir"] { root.directory("s/" + name) }
    root.symlink("s/link", to: "f0-0")
    return root
  }

  /// `lsrows --sort-by` and `sort` over `lsrows -U` with the same format.
  func compare(_ sortBy: String, format: String, sortKeys: [String], flags: [String] = []) {
    let root = Self.fixture()
    let ours = lsrows(
      [bytes("--sort-by=" + sortBy), bytes("--format"), bytes(format)] + flags.map(bytes)
        + [bytes("s")], in: root.path)
    let unsorted = lsrows(
      [bytes("-U"), bytes("--format"), bytes(format), bytes("s")], in: root.path)
    let sorted = runProcess(
      "sort", [bytes("-t"), [0x09]] + sortKeys.map(bytes), environment: ["LC_ALL": "C"],
      input: unsorted.standardOutput)
    #expect(ours.exitStatus == 0)
    #expect(
      Text(ours.standardOutput) == Text(sorted.standardOutput), "--sort-by=\(sortBy) \(flags)")
  }

  @Test func oneNumberKey() {
    compare("size", format: "{size}\t{name}", sortKeys: ["-k1,1n", "-k2,2"])
  }

  @Test func descendingNumber() {
    compare("-size", format: "{size}\t{name}", sortKeys: ["-k1,1nr", "-k2,2"])
  }

  @Test func kindThenDescendingSizeThenName() {
    compare(
      "type,-size,name", format: "{type}\t{size}\t{name}",
      sortKeys: ["-k1,1", "-k2,2nr", "-k3,3"])
  }

  @Test func timeToTheNanosecond() {
    compare("mtime", format: "{mtime}\t{name}", sortKeys: ["-k1,1", "-k2,2"])
  }

  @Test func textDescendingThenNameDescending() {
    compare("-ext,-name", format: "{ext}\t{name}", sortKeys: ["-k1,1r", "-k2,2r"])
  }

  @Test func permissionsThenStem() {
    compare("perms,stem", format: "{perms}\t{stem}\t{name}", sortKeys: ["-k1,1", "-k2,2", "-k3,3"])
  }

  @Test func reverseReversesTheWholeOrder() {
    compare("size", format: "{size}\t{name}", sortKeys: ["-k1,1nr", "-k2,2r"], flags: ["-r"])
  }

  @Test func eachDirectoryOfARecursiveListingIsSortedOnItsOwn() {
    let root = WhereEndToEndTests.fixture()
    let result = lsrows(
      "-R", "--sort-by=-size", "--format", "{parent}\t{size}\t{name}", "q", in: root.path)
    var blocks: [String: [(Int, String)]] = [:]
    for line in result.outputText.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let size = Int(fields[1]) else { continue }
      blocks[String(fields[0]), default: []].append((size, String(fields[2])))
    }
    #expect(blocks.count > 5)
    for (parent, rows) in blocks {
      let expected = rows.sorted {
        $0.0 != $1.0 ? $0.0 > $1.0 : Array($0.1.utf8).lexicographicallyPrecedes(Array($1.1.utf8))
      }
      #expect(rows.map(\.1) == expected.map(\.1), "\(parent)")
    }
  }

  @Test func laterSortOptionsWin() {
    let root = Self.fixture()
    let bySize = lsrows("--sort-by=size", "-S", "s", in: root.path)
    let lsSize = ls("-1S", "s", in: root.path)
    #expect(Text(bySize.standardOutput) == Text(lsSize.standardOutput))
    let byName = lsrows("-S", "--sort-by=name", "s", in: root.path)
    #expect(Text(byName.standardOutput) == Text(ls("-1", "s", in: root.path).standardOutput))
  }

  @Test func anUnknownFieldIsAnInvalidArgument() {
    let result = lsrows("--sort-by=size,-nme", ".")
    #expect(result.exitStatus == 1)
    #expect(
      result.errorText.hasPrefix(
        "lsrows: invalid argument 'size,-nme' for '--sort-by': unknown field 'nme' at character 7\n"
      ))
  }
}

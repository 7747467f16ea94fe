import Glibc
import Testing

/// `-R`: sorted, self-contained path rows for whole trees, checked against
/// an oracle that walks the fixture itself.
@Suite struct RecursiveListingTests {
  func expectOracle(
    _ flags: [String], _ oracle: TreeOracle, in root: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = lsrows([bytes("-0")] + flags.map(bytes) + [bytes("top")], in: root.path)
    let expected = oracle.rows(of: root.path("top"))
    #expect(result.exitStatus == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(
      Text(result.standardOutput) == Text(rowBytes(expected, terminator: 0)),
      sourceLocation: sourceLocation)
    #expect(expected.count > 5, sourceLocation: sourceLocation)
  }

  /// A tree wide and deep enough that a second thread reads directories
  /// ahead of the walk (and the walk reads some for it while it waits):
  /// every run lists it as the oracle does, whatever the two threads did.
  @Test func readingAheadKeepsThePreOrder() {
    let root = TemporaryDirectory()
    root.directory("top")
    var random = SeededRandom()
    var directories = ["top"]
    var made = 0
    while made < 1500, !directories.isEmpty {
      let directory = directories.removeFirst()
      for index in 0..<Int.random(in: 0...6, using: &random) {
        root.file("\(directory)/f\(index)")
      }
      for index in 0..<Int.random(in: 0...4, using: &random) {
        let child = "\(directory)/d\(index)"
        root.directory(child)
        directories.append(child)
        made += 1
      }
      if directories.isEmpty && made < 1500 {
        root.directory("\(directory)/more")
        directories.append("\(directory)/more")
        made += 1
      }
    }
    for _ in 0..<5 {
      expectOracle(["-R"], TreeOracle(), in: root)
    }
    expectOracle(["-R", "-r"], TreeOracle(reversed: true), in: root)
    expectOracle(["-R", "--max-depth=4"], TreeOracle(maxDepth: 4), in: root)
  }

  @Test func rowsArePathsRelativeToTheOperandInPreOrder() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-R"], TreeOracle(), in: root)
    expectOracle(["--recursive"], TreeOracle(), in: root)
  }

  @Test func hiddenEntriesAsWithoutRecursion() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-RA"], TreeOracle(hidden: .almostAll), in: root)
    expectOracle(["-Ra"], TreeOracle(hidden: .all), in: root)
  }

  @Test(arguments: [0, 1, 2, 3, 5])
  func maxDepthLimitsTheLevels(depth: Int) {
    let root = TemporaryDirectory.nested()
    if depth == 0 {
      // Depth 0 is the operand itself, as find -maxdepth 0.
      #expect(lsrows("--max-depth", "0", "top", in: root.path).standardOutput == rowBytes(["top"]))
      return
    }
    expectOracle(["--max-depth", "\(depth)"], TreeOracle(maxDepth: depth), in: root)
    expectOracle(
      ["-R", "--max-depth=\(depth)", "-A"], TreeOracle(hidden: .almostAll, maxDepth: depth),
      in: root)
  }

  @Test func maxDepthOneIsAPlainListing() {
    let root = TemporaryDirectory.nested()
    #expect(
      lsrows("--max-depth", "1", "top", in: root.path).standardOutput
        == lsrows("top", in: root.path).standardOutput)
  }

  @Test func typeFiltersRowsButNotTheWalk() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-R", "--type=f"], TreeOracle(kinds: [UInt32(S_IFREG)]), in: root)
    expectOracle(
      ["-R", "--type=d,l"], TreeOracle(kinds: [UInt32(S_IFDIR), UInt32(S_IFLNK)]), in: root)
  }

  @Test func reverseAndDirectoryOrder() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-Rr"], TreeOracle(reversed: true), in: root)
    expectOracle(["-RU"], TreeOracle(unsorted: true), in: root)
  }

  @Test func severalOperandsArePrefixed() {
    let root = TemporaryDirectory.nested()
    root.directory("other")
    root.file("other/x")
    let result = lsrows([bytes("-R0"), bytes("top"), bytes("other/")], in: root.path)
    let expected =
      TreeOracle().rows(of: root.path("other"), prefix: bytes("other/"))
      + TreeOracle().rows(of: root.path("top"), prefix: bytes("top/"))
    #expect(Text(result.standardOutput) == Text(rowBytes(expected, terminator: 0)))
  }

  @Test func pathAndDepthFieldsWork() {
    let root = TemporaryDirectory.nested()
    let result = lsrows("-R0", "--type=f", "--format", "{depth} {path}", "top", in: root.path)
    let rows = splitRows(result.standardOutput, terminator: 0).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(rows.contains("1 top/file0"))
    // top holds six nested directories; "deepest" is in the last one.
    #expect(rows.contains { $0.hasPrefix("7 top/") && $0.hasSuffix("/deepest") }, "\(rows)")
  }

  @Test func symlinksAreListedNotFollowed() {
    let root = TemporaryDirectory.nested()
    let result = lsrows("-R", "top", in: root.path)
    #expect(splitRows(result.standardOutput).contains(bytes("link-to-top")))
    #expect(!splitRows(result.standardOutput).contains(bytes("link-to-top/file0")))
  }

  @Test func longRowsMatchLsPerDirectory() {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/a")
    root.directory("top/a/b")
    root.file("top/x", contents: "12345")
    root.file("top/a/yy", contents: "1")
    root.file("top/a/b/zzz", contents: String(repeating: "z", count: 123_456))
    root.symlink("top/a/link", to: "yy")
    let ours = splitRows(lsrows("-lR", "top", in: root.path).standardOutput)
    let theirs = ls("-lR", "--time-style=long-iso", "top", in: root.path).outputText
    // ls prints a block per directory; each block's rows, with the
    // directory's relative path put before the name, must appear in
    // lsrows's rows in the same order.
    let time = try! Regex(#"\d{4}-\d\d-\d\d \d\d:\d\d "#)
    for block in theirs.split(separator: "\n\n") {
      var lines = block.split(separator: "\n").map(String.init)
      let header = lines.removeFirst().dropLast()
      lines.removeFirst()  // total
      let relative = header == "top" ? "" : String(header.dropFirst(4)) + "/"
      let expected = lines.map { line -> String in
        let match = line.firstMatch(of: time)!
        return String(line[..<match.range.upperBound]) + relative + line[match.range.upperBound...]
      }
      let mine = ours.map { String(decoding: $0, as: UTF8.self) }.filter { row in
        expected.contains(row)
      }
      #expect(mine == expected)
    }
    #expect(ours.count == 6)
  }
}

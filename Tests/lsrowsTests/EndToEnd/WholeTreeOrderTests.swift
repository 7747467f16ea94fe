import Glibc
import Testing

/// `--sort-by` with `-R`: every row below an operand in one order, equal
/// to what find and sort give on the same keys; `--limit` is the head of
/// that order, and stops a walk that has no whole-tree order.
@Suite struct WholeTreeOrderTests {
  /// A `--sort-by` list, the find `-printf` directives that print the same
  /// keys, and the sort keys that order them as lsrows should.
  struct Case: CustomStringConvertible {
    let sortBy: String
    let template: String
    let find: String
    let sortKeys: [String]
    var flags: [String] = []

    var description: String { "--sort-by=\(sortBy) \(flags.joined(separator: " "))" }
  }

  /// Fields are separated by byte 1, which no fixture name holds and which
  /// sorts before every byte a name can hold, so that `sort -k` compares a
  /// name field as lsrows compares the name.
  static let cases: [Case] = [
    Case(
      sortBy: "-size", template: "{size}\u{1}{path}", find: "%s\\001%p",
      sortKeys: ["-k1,1nr", "-k2"]),
    Case(
      sortBy: "mtime,-size", template: "{mtime_epoch}\u{1}{size}\u{1}{path}",
      find: "%Ts\\001%s\\001%p", sortKeys: ["-k1,1n", "-k2,2nr", "-k3"]),
    Case(
      sortBy: "-name", template: "{name}\u{1}{path}", find: "%f\\001%p",
      sortKeys: ["-k1,1r", "-k2"]),
    Case(
      sortBy: "blocks", template: "{blocks}\u{1}{path}", find: "%k\\001%p",
      sortKeys: ["-k1,1nr", "-k2r"], flags: ["-r"]),
    Case(
      sortBy: "depth,-inode", template: "{depth}\u{1}{inode}\u{1}{path}", find: "%d\\001%i\\001%p",
      sortKeys: ["-k1,1n", "-k2,2nr", "-k3"]),
  ]

  /// What find and sort give for `testCase` over `operand`, in `directory`.
  func expected(_ testCase: Case, operand: String, in directory: String) -> [[UInt8]] {
    let script =
      "cd \"$1\" && find \"$2\" -mindepth 1 -printf '\(testCase.find)\\000' | LC_ALL=C sort -z -t \"$(printf '\\001')\" "
      + testCase.sortKeys.joined(separator: " ")
    let result = runProcess(
      "sh", [bytes("-c"), bytes(script), bytes("sh"), bytes(directory), bytes(operand)])
    return splitRows(result.standardOutput, terminator: 0)
  }

  func listed(_ testCase: Case, _ extra: [String], operands: [String], in directory: String)
    -> ProcessResult
  {
    lsrows(
      (["-RA", "-0", "--sort-by=" + testCase.sortBy, "--format=" + testCase.template]
        + testCase.flags + extra + operands).map(bytes),
      in: directory)
  }

  @Test(arguments: cases)
  func wholeTreeOrderIsFindThenSort(testCase: Case) {
    for _ in 0..<4 {
      var random = SeededRandom()
      let tree = RandomTree(&random)
      let expected = expected(testCase, operand: ".", in: tree.root.path)
      let result = listed(testCase, [], operands: ["."], in: tree.root.path)
      #expect(result.exitStatus == 0, "\(result)")
      let rows = splitRows(result.standardOutput, terminator: 0)
      #expect(rows.count > 20, "\(random)")
      #expect(rows == expected, "\(testCase), \(random)")
      // --limit is the head of the full order.
      for limit in [0, 1, 7, rows.count, rows.count + 5] {
        let limited = listed(testCase, ["--limit=\(limit)"], operands: ["."], in: tree.root.path)
        #expect(
          splitRows(limited.standardOutput, terminator: 0) == Array(rows.prefix(limit)),
          "\(testCase) --limit=\(limit), \(random)")
      }
    }
  }

  /// Each operand's tree is one listing; the limit counts across them.
  @Test func severalOperandsAreEachOneListing() {
    var random = SeededRandom()
    let tree = RandomTree(&random)
    tree.root.directory("one")
    tree.root.directory("two")
    for (index, name) in ["one/x", "one/sub", "two/y"].enumerated() {
      if name.hasSuffix("sub") {
        tree.root.directory(name)
        tree.root.sizedFile(name + "/deep", size: 700)
      } else {
        tree.root.sizedFile(name, size: 100 * (index + 1))
      }
    }
    let testCase = Self.cases[0]
    let expected =
      expected(testCase, operand: "one", in: tree.root.path)
      + expected(testCase, operand: "two", in: tree.root.path)
    let result = listed(testCase, [], operands: ["two", "one"], in: tree.root.path)
    let rows = splitRows(result.standardOutput, terminator: 0)
    #expect(rows == expected, "\(result)")
    let limited = listed(testCase, ["--limit=5"], operands: ["two", "one"], in: tree.root.path)
    #expect(splitRows(limited.standardOutput, terminator: 0) == Array(expected.prefix(5)))
  }

  /// ls's own sorts keep ls -R's meaning: the directory before its
  /// contents, each directory sorted on its own.
  @Test func lsSortsStayPerDirectory() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.sizedFile("d/small", size: 1)
    root.sizedFile("big", size: 90_000)
    let result = lsrows("-R", "-S", "--format={path}", ".", in: root.path)
    #expect(result.outputText == "./big\n./d\n./d/small\n")
    let tree = lsrows("-R", "--sort-by=-size", "--format={path}", ".", in: root.path)
    #expect(tree.outputText == "./big\n./d\n./d/small\n")
    let ascending = lsrows("-R", "--sort-by=size", "--format={path}", ".", in: root.path)
    #expect(ascending.outputText == "./d/small\n./d\n./big\n")
  }

  @Test func directoriesFirstAcrossTheTree() {
    let root = TemporaryDirectory()
    root.directory("b")
    root.directory("b/c")
    root.file("a")
    root.file("b/a")
    root.symlink("z", to: "b")
    let result = lsrows(
      "-R", "--sort-by=name", "--group-directories-first", "--format={path}", in: root.path)
    #expect(result.outputText == "b\nb/c\nz\na\nb/a\n", "\(result)")
  }

  /// Without a whole-tree order or a filter, the walk stops once the rows
  /// are written, and reads no further ahead than they reach.
  ///
  /// A directory whose row comes after the limit is never entered, so the
  /// prefetch begins at most as many directories as the limit, and the
  /// walk hands its rows on before it reads past them: at most twice the
  /// limit are opened. Under strace every read is slow, so helpers start
  /// as on NFS.
  @Test(
    .enabled(if: access("/usr/bin/strace", X_OK) == 0, "strace is not installed"),
    .disabled(if: Programs.sanitizer != nil, "LeakSanitizer stops under ptrace"))
  func limitStopsTheWalk() {
    let root = TemporaryDirectory()
    for number in 0..<300 {
      root.directory("d\(number)")
      root.file("d\(number)/f")
    }
    let report = root.path + "/strace.out"
    for limit in [1, 3, 10, 40] {
      let result = runProcess(
        "strace",
        [
          "-f", "-e", "trace=openat", "-o", report, Programs.lsrows, "-R", "--limit=\(limit)",
          root.path,
        ].map(bytes))
      #expect(result.exitStatus == 0, "\(result)")
      #expect(result.outputText.split(separator: "\n").count == limit, "\(result)")
      let trace = runProcess("cat", [bytes(report)]).outputText
      let opened = trace.split(separator: "\n").filter {
        $0.contains(root.path + "/d")
      }
      #expect(opened.count <= 2 * limit, "\(opened.count) directories opened for \(limit) rows")
    }
    let all = lsrows("-R", "--limit=3", root.path)
    #expect(all.outputText == "d0\nd0/f\nd1\n")
    // A filter decides after the walk which rows are written: the walk
    // then reads on as far as it takes.
    let filtered = lsrows("-R", "--limit=3", "--where", "name == 'f'", root.path)
    #expect(filtered.outputText == "d0/f\nd1/f\nd10/f\n")
  }

  @Test func limitCountsOperandsListedAsThemselves() {
    let root = TemporaryDirectory()
    for name in ["a", "b", "c"] { root.file(name) }
    root.directory("d")
    root.file("d/e")
    let result = lsrows("--limit=2", "c", "b", "a", "d", in: root.path)
    #expect(
      result == ProcessResult(standardOutput: bytes("a\nb\n"), standardError: [], exitStatus: 0))
    let withDirectory = lsrows("--limit=4", "c", "d", in: root.path)
    #expect(withDirectory.outputText == "c\nd/e\n")
  }

  @Test(arguments: ["x", "-1", "1.5", "", " 3", "3k", "99999999999999999999999"])
  func limitMustBeAWholeNumber(value: String) {
    let result = lsrows("--limit=" + value, "/")
    #expect(result.exitStatus == 1, "\(result)")
    #expect(result.standardOutput.isEmpty)
    #expect(result.errorText.hasPrefix("lsrows: invalid argument '\(value)' for '--limit'\n"))
  }
}

import Glibc
import Testing

/// Which system calls a listing makes, counted with `strace -c`: options
/// that need no metadata make no per-entry call.
@Suite(.enabled(if: access("/usr/bin/strace", X_OK) == 0, "strace is not installed"))
struct SystemCallTests {
  /// Counts the calls lsrows makes, by name, for `arguments` and then
  /// `operands` (the fixture's directory unless given).
  func calls(
    _ arguments: [String], in directory: String, operands: [String]? = nil,
    input: [UInt8]? = nil
  ) -> [String: Int] {
    let report = directory + "/strace.out"
    _ = runProcess(
      "strace",
      [bytes("-f"), bytes("-c"), bytes("-o"), bytes(report), bytes(Programs.lsrows)]
        + arguments.map(bytes)
        + (operands ?? [directory + "/d"]).map(bytes),
      input: input)
    let text = (try? readText(report)) ?? ""
    var counts: [String: Int] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 5, let name = fields.last, let calls = Int(fields[3]) else { continue }
      counts[String(name)] = calls
    }
    return counts
  }

  func readText(_ path: String) throws -> String {
    let result = runProcess("cat", [bytes(path)])
    return result.outputText
  }

  func fixture(files: Int, directories: Int) -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("d")
    for index in 0..<files { root.file("d/file\(index)") }
    for index in 0..<directories { root.directory("d/dir\(index)") }
    return root
  }

  func statCalls(_ counts: [String: Int]) -> Int {
    ["newfstatat", "fstatat64", "statx", "lstat", "stat"].reduce(0) { $0 + (counts[$1] ?? 0) }
  }

  @Test func aNameListingMakesNoPerEntryCall() {
    let small = fixture(files: 10, directories: 0)
    let large = fixture(files: 2000, directories: 0)
    for flags in [[String](), ["-U"], ["-a", "-r"], ["--format", "{name}{ext}{depth}{path}"]] {
      let few = calls(flags, in: small.path)
      let many = calls(flags, in: large.path)
      #expect(statCalls(few) == statCalls(many), "\(flags)")
      #expect(many["getdents64"] ?? 0 >= 2)
      #expect(many["readlink"] ?? 0 == few["readlink"] ?? 0)
    }
  }

  @Test func longFormatStatsEveryEntryOnce() {
    let small = fixture(files: 10, directories: 0)
    let large = fixture(files: 2000, directories: 0)
    let difference =
      statCalls(calls(["-l"], in: large.path)) - statCalls(calls(["-l"], in: small.path))
    #expect(difference == 1990)
  }

  /// Operands are statted once when they are resolved; a long row uses
  /// that status instead of reading it again.
  @Test func longRowsOfOperandsStatEachOnce() {
    let small = fixture(files: 10, directories: 0)
    let large = fixture(files: 200, directories: 0)
    func operands(_ root: TemporaryDirectory, _ count: Int) -> [String] {
      (0..<count).map { root.path + "/d/file\($0)" }
    }
    let listed =
      statCalls(calls(["-l"], in: large.path, operands: operands(large, 200)))
      - statCalls(calls(["-l"], in: small.path, operands: operands(small, 10)))
    #expect(listed == 190)
    func fromInput(_ root: TemporaryDirectory, _ count: Int) -> [String: Int] {
      let input: [UInt8] = operands(root, count).flatMap { bytes($0) + [UInt8(0)] }
      return calls(["-l", "--files0-from=-"], in: root.path, operands: [], input: input)
    }
    #expect(statCalls(fromInput(large, 200)) - statCalls(fromInput(small, 10)) == 190)
  }

  @Test func classifyStatsOnlyRegularFiles() {
    let root = fixture(files: 10, directories: 1000)
    let baseline = statCalls(calls([], in: root.path))
    #expect(statCalls(calls(["-F"], in: root.path)) - baseline == 10)
    #expect(statCalls(calls(["--type=d"], in: root.path)) == baseline)
  }
}

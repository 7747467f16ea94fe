import Glibc
import Testing

/// A directory of a million entries: streamed in little memory under `-U`,
/// and a clear "memory exhausted" (as ls) when a sorted listing cannot fit
/// under `ulimit -v`.
@Suite struct MemoryLimitTests {
  static let entryCount = 1_000_000
  /// Room for lsrows and a streamed listing (which needs about 40 MB of
  /// address space), not for a million sorted rows (about 120 MB).
  static let addressSpaceKiB = 70_000

  /// A million names, each one letter and seven digits.
  ///
  /// Most are hard links to a few files: creating a million inodes takes
  /// several times longer. Made here rather than by a script, so that a
  /// busy machine slows the fixture down without timing it out.
  static func millionEntries() throws -> TemporaryDirectory {
    let root = TemporaryDirectory()
    let directory = withCPath(root.directory("million")) { open($0, O_RDONLY | O_DIRECTORY) }
    try #require(directory >= 0, "cannot open the fixture directory")
    defer { close(directory) }
    var source = ""
    for index in 0..<entryCount {
      let digits = String(index)
      let number = String(repeating: "0", count: 7 - digits.count) + digits
      if index % 50_000 == 0 {
        source = "s" + number
        let file = openat(directory, source, O_CREAT | O_WRONLY, 0o644)
        try #require(file >= 0, "cannot create \(source): errno \(errno)")
        close(file)
      } else {
        let linked = linkat(directory, source, directory, "f" + number, 0)
        try #require(linked == 0, "cannot link f\(number): errno \(errno)")
      }
    }
    return root
  }

  /// Runs `program` under `ulimit -v`.
  func limited(
    _ program: String, _ arguments: [String], in root: TemporaryDirectory,
    kib: Int = Self.addressSpaceKiB
  ) -> ProcessResult {
    runProcess(
      "bash",
      [
        bytes("-c"), bytes("ulimit -v \"$1\" && cd \"$2\" && shift 2 && exec \"$@\""),
        bytes("bash"), bytes(String(kib)), bytes(root.path), bytes(program),
      ] + arguments.map(bytes), environment: Programs.cLocale)
  }

  /// Checks that `rows` names each fixture entry exactly once.
  func expectEveryEntryOnce(_ output: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    var seen = [Bool](repeating: false, count: Self.entryCount)
    var rowCount = 0
    var wellFormed = true
    for row in output.split(separator: 0x0A) {
      rowCount += 1
      let digits = row.dropFirst()
      guard row.count == 8, row.first == UInt8(ascii: "f") || row.first == UInt8(ascii: "s"),
        digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else {
        wellFormed = false
        continue
      }
      let number = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      seen[number] = true
    }
    #expect(wellFormed, sourceLocation: sourceLocation)
    #expect(rowCount == Self.entryCount, sourceLocation: sourceLocation)
    #expect(seen.allSatisfy { $0 }, sourceLocation: sourceLocation)
  }

  @Test(
    .disabled(
      if: Programs.sanitizer != nil,
      "a sanitizer's shadow memory does not fit under ulimit -v, nor in 32 MiB"))
  func aMillionEntries() throws {
    let root = try Self.millionEntries()

    // -U streams: every row, in well under 32 MiB of peak resident memory.
    let measure = """
      import resource, subprocess, sys
      with open(sys.argv[1], "wb") as out:
          status = subprocess.run(sys.argv[2:], stdout=out).returncode
      print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let listing = root.path + "/listing"
    let streamed = runProcess(
      "python3",
      [
        bytes("-c"), bytes(measure), bytes(listing), bytes(Programs.lsrows), bytes("-U"),
        root.path("million"),
      ])
    let figures = streamed.outputText.split { $0 == " " || $0 == "\n" }.compactMap { Int($0) }
    #expect(figures.count == 2, "\(streamed)")
    #expect(figures.first == 0)
    let peakKiB = figures.last ?? .max
    #expect(peakKiB < 32 * 1024, "peak resident memory \(peakKiB) KiB")
    expectEveryEntryOnce(readFile(listing))

    // Sorted, the rows cannot fit: one line, as ls, and no crash report.
    let theirs = limited("ls", ["million"], in: root)
    #expect(theirs.exitStatus == 2)
    #expect(theirs.errorText == "ls: memory exhausted\n")
    for flags in [[], ["-l"], ["-t"], ["-S"], ["--json"], ["-R"], ["--format", "{name} {size}"]] {
      let ours = limited(Programs.lsrows, flags + ["million"], in: root)
      #expect(ours.exitStatus == 2, "\(flags): \(ours)")
      #expect(ours.signal == nil)
      #expect(ours.standardError == asLsrowsMessages(theirs.standardError), "\(flags)")
      #expect(ours.standardOutput.isEmpty)
    }

    // The same limit leaves room for a streamed listing and a small one.
    let unsorted = limited(Programs.lsrows, ["-U", "million"], in: root)
    #expect(unsorted.exitStatus == 0, "\(unsorted.errorText)")
    expectEveryEntryOnce(unsorted.standardOutput)
    root.directory("empty")
    root.file("empty/only")
    // Also under a limit with room for a second malloc arena, many times:
    // before lsrows kept to one arena under a limit, a second thread's
    // reserved 64 MiB made a small listing fail there about once in fifty
    // runs, depending on which thread allocated first.
    for kib in [Self.addressSpaceKiB] + Array(repeating: 100_000, count: 50) {
      let small = limited(Programs.lsrows, ["-l", "empty"], in: root, kib: kib)
      #expect(small.exitStatus == 0, "\(small.errorText)")
      #expect(small.outputText.hasSuffix(" only\n"))
    }
  }
}

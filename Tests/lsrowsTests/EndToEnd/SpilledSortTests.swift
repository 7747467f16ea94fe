import Glibc
import Testing

/// A whole-tree order past `--sort-memory`: sorted runs in private,
/// unlinked temporary files, merged into the same bytes as a sort held in
/// memory; temporary-file failures are exit 2 with nothing listed.
@Suite struct SpilledSortTests {
  /// A tree with enough rows that a 64 KiB budget spills several runs,
  /// a clock tick old.
  ///
  /// The tests read it once before they compare listings, which show
  /// access times: reading a directory under relatime moves its access
  /// time while that is not later than its change time, so the read that
  /// settles them must come a tick after the directories were made.
  static func bigTree(_ random: inout SeededRandom) -> RandomTree {
    let tree = RandomTree(&random, entries: 5000)
    usleep(20_000)
    return tree
  }

  /// Formats whose rows stand alone, and formats whose columns are
  /// measured over every row (`-l`, `-s`, `-i`), which are kept whole and
  /// measured as they come rather than rendered.
  @Test(arguments: [
    ["--format={size}\t{path}"], ["--json"], ["--csv"], [], ["-0", "--format={name:shell}"],
    ["-l"], ["-s", "-i", "--color=always"], ["-lh", "--quoting-style=shell", "--color=always"],
    ["-lZ", "-n", "--time-style=full-iso"],
  ])
  func spilledAndHeldGiveTheSameBytes(format: [String]) {
    var random = SeededRandom()
    let tree = Self.bigTree(&random)
    _ = lsrows(["-RA", "."].map(bytes), in: tree.root.path)
    for sortBy in ["-size,name", "mtime", "-type,-depth", "name"] {
      let base = ["-RA", "--sort-by=" + sortBy] + format + ["."]
      let spilled = lsrows((["--sort-memory=1"] + base).map(bytes), in: tree.root.path)
      let inMemory = lsrows((["--sort-memory=1G"] + base).map(bytes), in: tree.root.path)
      let held = lsrows((["--limit=100000"] + base).map(bytes), in: tree.root.path)
      #expect(spilled.exitStatus == 0, "\(spilled.errorText)")
      #expect(spilled.standardOutput.count > 30_000, "\(sortBy), \(random)")
      #expect(spilled == inMemory, "\(sortBy) \(format), \(random)")
      #expect(spilled == held, "\(sortBy) \(format), \(random)")
      let reversed = lsrows((["--sort-memory=1", "-r"] + base).map(bytes), in: tree.root.path)
      let reversedHeld = lsrows((["--limit=100000", "-r"] + base).map(bytes), in: tree.root.path)
      #expect(reversed == reversedHeld, "-r \(sortBy) \(format), \(random)")
    }
  }

  /// du's order with columns measured over every row keeps its rows
  /// within the budget too: spilled, the rows are those of a sort held in
  /// memory (measured all at once), in du's order.
  @Test func measuredRowsInDuOrderSpill() {
    var random = SeededRandom()
    let tree = Self.bigTree(&random)
    _ = lsrows(["-RA", "."].map(bytes), in: tree.root.path)
    let base = ["-lRA", "--where", "tree_size >= 0", "."]
    let spilled = lsrows((["--sort-memory=1"] + base).map(bytes), in: tree.root.path)
    let inMemory = lsrows((["--sort-memory=1G"] + base).map(bytes), in: tree.root.path)
    let held = lsrows(
      (["--sort-by=name", "--limit=100000"] + base).map(bytes), in: tree.root.path)
    #expect(spilled.exitStatus == 0, "\(spilled.errorText)")
    #expect(spilled.standardOutput.count > 100_000, "\(random)")
    #expect(spilled == inMemory, "\(random)")
    func lines(_ output: [UInt8]) -> [ArraySlice<UInt8>] {
      output.split(separator: UInt8(ascii: "\n")).sorted { $0.lexicographicallyPrecedes($1) }
    }
    #expect(lines(spilled.standardOutput) == lines(held.standardOutput), "\(random)")
    #expect(spilled.standardOutput != held.standardOutput, "du's order is not the name order")
  }

  /// The runs are temporary files made in $TMPDIR and unlinked at once:
  /// while lsrows writes its rows (into a pipe nobody reads yet), its
  /// descriptors name deleted files and the directory is empty; after
  /// SIGPIPE, SIGINT or SIGTERM nothing is left.
  @Test(arguments: ["PIPE", "INT", "TERM"])
  func noTemporaryFileOutlivesARun(signal: String) {
    var random = SeededRandom()
    let tree = Self.bigTree(&random)
    let scratch = TemporaryDirectory()
    let fifo = TemporaryDirectory()
    // Job control, so that the background lsrows does not ignore SIGINT.
    let script = #"""
      set -m
      export TMPDIR="$3"
      fifo="$5/fifo"
      mkfifo "$fifo" && exec 3<>"$fifo" || exit 99
      "$1" -RA --sort-by=-size --sort-memory=64K --format '{path}{path}{path}{path}' "$2" \
        > "$fifo" 3>&- &
      pid=$!
      sleep 1
      deleted=$(ls -l /proc/$pid/fd | grep -c 'lsrows-sort.*(deleted)')
      echo "deleted $deleted listed $(ls -A "$TMPDIR" | wc -l)"
      if [ "$4" = PIPE ]; then exec 3>&-; else kill -"$4" $pid; fi
      wait $pid
      echo "status $? after $(ls -A "$TMPDIR" | wc -l)"
      """#
    let result = runProcess(
      "bash",
      ["-c", script, "bash", Programs.lsrows, tree.root.path, scratch.path, signal, fifo.path]
        .map(bytes))
    let lines = result.outputText.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result)")
    #expect(lines.first?.hasPrefix("deleted ") == true, "\(result)")
    #expect(lines.first != "deleted 0 listed 0", "no run was written: \(result)")
    #expect(lines.first?.hasSuffix(" listed 0") == true, "\(result)")
    let status = 128 + ["PIPE": SIGPIPE, "INT": SIGINT, "TERM": SIGTERM][signal]!
    #expect(lines.last == "status \(status) after 0", "\(result)")
  }

  @Test func anUnusableTemporaryDirectoryIsExit2WithNothingListed() {
    var random = SeededRandom()
    let tree = Self.bigTree(&random)
    let result = lsrows(
      ["-RA", "--sort-by=size", "--sort-memory=64K", "."].map(bytes), in: tree.root.path,
      environment: ["TMPDIR": "/nonexistent/dir"])
    #expect(result.exitStatus == 2, "\(result)")
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.errorText
        == "lsrows: cannot write a temporary file in '/nonexistent/dir': No such file or directory\n"
    )
  }

  @Test(
    .enabled(if: getuid() == 0, "mounting needs root"),
    .disabled(
      if: Programs.sanitizer == "thread",
      "ThreadSanitizer's runtime maps files of its own in $TMPDIR, and a full one kills it"))
  func aFullTemporaryDirectoryIsExit2() throws {
    var random = SeededRandom()
    let tree = Self.bigTree(&random)
    let small = TemporaryDirectory()
    let mounted = runProcess(
      "mount", ["-t", "tmpfs", "-o", "size=96k", "none", small.path].map(bytes))
    try #require(mounted.exitStatus == 0, "cannot mount a tmpfs: \(mounted)")
    defer { _ = runProcess("umount", [bytes(small.path)]) }
    let result = lsrows(
      ["-RA", "--sort-by=size", "--sort-memory=64K", "--format={path}{path}{path}", "."]
        .map(bytes),
      in: tree.root.path, environment: ["TMPDIR": small.path])
    #expect(result.exitStatus == 2, "\(result)")
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.errorText
        == "lsrows: cannot write a temporary file in '\(small.path)': No space left on device\n")
  }

  @Test(arguments: ["", "x", "-1", "8Q", " 8", "1.5M"])
  func sortMemoryMustBeASize(value: String) {
    let result = lsrows("--sort-memory=" + value, "/")
    #expect(result.exitStatus == 1, "\(result)")
    #expect(result.standardOutput.isEmpty)
    #expect(result.errorText.hasPrefix("lsrows: invalid argument '\(value)' for '--sort-memory'"))
  }
}

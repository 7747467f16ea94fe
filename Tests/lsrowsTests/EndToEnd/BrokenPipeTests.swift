import Glibc
import Testing

/// The reader goes away at every interesting point of the output.
///
/// Before the first byte, inside and at the edges of each buffered write,
/// near the end: lsrows must stop quietly each time, killed by SIGPIPE as
/// ls, or with status 2 and no message when SIGPIPE is ignored, and what
/// the reader got must be exactly the start of the full output.
@Suite struct BrokenPipeTests {
  /// Runs `lsrows FLAGS big | head -c N` for each offset; prints "N status".
  static let script = """
    [ "$IGNORE_SIGPIPE" = 1 ] && trap '' PIPE
    lsrows=$1; shift
    for n in $OFFSETS; do
      "$lsrows" "$@" big 2>"runs/err.$n" | head -c "$n" >"runs/out.$n"
      echo "$n ${PIPESTATUS[0]}"
    done
    """

  /// Offsets around the 128 KiB chunks lsrows writes and the 64 KiB a pipe
  /// holds, and a spread over the whole output.
  static func offsets(total: Int) -> [Int] {
    let chunk = 128 << 10
    var offsets: Set<Int> = [0, 1, 4095, 65535, 65536, 65537, total / 2, total - 1, total]
    for boundary in stride(from: chunk, to: total, by: chunk) {
      offsets.insert(boundary)
      if boundary <= 2 * chunk { offsets.formUnion([boundary - 1, boundary + 1]) }
    }
    return offsets.filter { $0 >= 0 && $0 <= total }.sorted()
  }

  /// Rows long enough that even the plain listing spans several writes.
  static func bigDirectory() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("big")
    let script = """
      cd "$1" && seq -f 'an-entry-whose-name-fills-a-good-part-of-a-row-%06g' 1 10000 | xargs touch
      """
    _ = runProcess("sh", [bytes("-c"), bytes(script), bytes("sh"), root.path("big")])
    return root
  }

  /// One fixture for every case: making the files takes seconds.
  @Test func everyPointEndsQuietly() {
    let root = Self.bigDirectory()
    root.directory("runs")
    for flags in [[], ["-l"], ["--json"], ["-R", "-i"], ["-U"]] {
      for ignoreSIGPIPE in [false, true] {
        expectQuietEnds(flags: flags, ignoreSIGPIPE: ignoreSIGPIPE, in: root)
      }
    }
  }

  func expectQuietEnds(flags: [String], ignoreSIGPIPE: Bool, in root: TemporaryDirectory) {
    let full = lsrows(flags.map(bytes) + [bytes("big")], in: root.path)
    #expect(full.exitStatus == 0)
    let total = full.standardOutput.count
    #expect(total > 4 * (128 << 10), "the output must span several writes")
    let offsets = Self.offsets(total: total)
    var environment = Programs.cLocale
    environment["OFFSETS"] = offsets.map(String.init).joined(separator: " ")
    environment["IGNORE_SIGPIPE"] = ignoreSIGPIPE ? "1" : "0"
    let run = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("bash"), bytes("-c"), bytes(Self.script),
        bytes("bash"), bytes(Programs.lsrows),
      ] + flags.map(bytes), environment: environment)
    #expect(run.exitStatus == 0, "\(run)")
    let lines = run.outputText.split(separator: "\n")
    #expect(lines.count == offsets.count)
    let brokenStatus: Int32 = ignoreSIGPIPE ? 2 : 128 + SIGPIPE
    for line in lines {
      let words = line.split(separator: " ").compactMap { Int32($0) }
      guard words.count == 2 else {
        Issue.record("unexpected line \(line)")
        continue
      }
      let (offset, status) = (Int(words[0]), words[1])
      let context = "\(flags) ignoring SIGPIPE: \(ignoreSIGPIPE), reader stops at \(offset)"
      #expect(readFile(root.path + "/runs/err.\(offset)").isEmpty, "\(context)")
      #expect(
        readFile(root.path + "/runs/out.\(offset)") == Array(full.standardOutput.prefix(offset)),
        "\(context)")
      // Far from the end, lsrows cannot have finished before the reader left.
      if offset + (256 << 10) < total {
        #expect(status == brokenStatus, "\(context)")
      } else {
        #expect(status == brokenStatus || status == 0, "\(context)")
      }
    }
  }
}

import Testing

/// Directories larger than one batch of rows, where reading moves to a
/// second thread (`-U`) and names are rearranged after the sort; larger
/// than a chunk (65,536 entries), sorted in chunks and merged; and, sorted
/// by a status, statted and sorted on two threads, with details moved into
/// row order only where rows read them (`-l`, not `-S` or `-t`).
@Suite struct LargeDirectoryTests {
  @Test func matchesLs() {
    let root = TemporaryDirectory()
    root.directory("big")
    // Names of mixed lengths, so that the eight-byte sort prefix ties often,
    // and some directories among the files.
    let script = """
      cd "$1" && seq 1 140000 | sed 's/^/name-with-shared-prefix-/; s/7$/7.longer-tail/' \
        | xargs touch && seq 1 300 | sed 's/^/dir-/' | xargs mkdir && touch .dot a \
        && seq 1 30 | sed 's/^/exec-/' | xargs touch && chmod +x exec-* \
        && seq 1 400 | awk '{ printf "truncate -s %d sized-%d\\n", $1 * 7919 % 1000, $1 }' | sh \
        && for day in 1 2 3 4 5 6 7 8 9 10 11 12; do \
          seq 1 40 | sed "s/^/dated-$day-/" | xargs touch -d @$((1700000000 + day % 5 * 86400)); \
        done
      """
    _ = runProcess("sh", [bytes("-c"), bytes(script), bytes("sh"), bytes(root.path + "/big")])
    for flags in [
      ["-U"], ["-U", "-a"], [], ["-r"], ["-A"], ["-l"], ["-lS"], ["-lr"], ["-F"], ["-F", "-r"],
      ["-S"], ["-Sr"], ["-t"], ["-tr"], ["-lt"], ["-sS"], ["-tF"],
      ["-S", "--group-directories-first"],
      ["-p"], ["--color=always"], ["-I", "*3"], ["-Q"], ["-b", "--zero"],
      ["-li"], ["-ls"], ["-lh"], ["-lQ"], ["-l", "--color=always"],
    ] {
      let ours = lsrows(flags.map(bytes) + [bytes("big")], in: root.path)
      let theirs = ls(
        [bytes("-1"), bytes("--time-style=long-iso")] + flags.map(bytes) + [bytes("big")],
        in: root.path)
      #expect(ours.exitStatus == 0)
      #expect(
        splitRows(ours.standardOutput, terminator: flags.contains("--zero") ? 0 : 0x0A).count
          >= 100_000)
      #expect(
        Text(ours.standardOutput)
          == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)),
        "flags \(flags)")
    }
    // Filtering leaves fewer rows than entries; what is left keeps its details.
    let directories = lsrows("--type=d", "-l", "big", in: root.path)
    let lsDirectories = splitRows(
      TypedRowsEndToEndTests.withoutTotal(
        ls("-l", "--time-style=long-iso", "big", in: root.path).standardOutput)
    )
    .filter { $0.first == UInt8(ascii: "d") }
    #expect(Text(directories.standardOutput) == Text(rowBytes(lsDirectories)))
    #expect(lsDirectories.count == 300)
    // A filter asked of every row that keeps them all, and a limit: the
    // long rows are ls's, whole or cut short.
    let longRows = splitRows(
      TypedRowsEndToEndTests.withoutTotal(
        ls("-l", "--time-style=long-iso", "big", in: root.path).standardOutput))
    let kept = lsrows("--where", "size >= 0", "-l", "big", in: root.path)
    #expect(Text(kept.standardOutput) == Text(rowBytes(longRows)))
    #expect(longRows.count > 140_000)
    let limited = lsrows("-l", "--limit=100000", "big", in: root.path)
    #expect(Text(limited.standardOutput) == Text(rowBytes(Array(longRows.prefix(100_000)))))
    // Merged rows keep their fields: the same rows, whatever the format.
    let names = lsrows("big", in: root.path)
    let template = lsrows("--format={name}", "big", in: root.path)
    #expect(template.standardOutput == names.standardOutput)
    let filtered = lsrows("--where", "name ~ '*77*' and type == file", "big", in: root.path)
    let expected = splitRows(names.standardOutput).filter {
      $0.firstRange(of: bytes("77")) != nil && !$0.starts(with: bytes("dir-"))
    }
    #expect(Text(filtered.standardOutput) == Text(rowBytes(expected)))
    // Rows a filter hides leave each chunk before its sort: the rows are
    // those of the whole listing filtered, in either order.
    let reversed = lsrows("-r", "--where", "name ~ '*77*' and type == file", "big", in: root.path)
    #expect(Text(reversed.standardOutput) == Text(rowBytes(expected.reversed())))
    let onlyDirectories = lsrows("--type=d", "big", in: root.path)
    let expectedDirectories = splitRows(names.standardOutput).filter {
      $0.starts(with: bytes("dir-"))
    }
    #expect(Text(onlyDirectories.standardOutput) == Text(rowBytes(expectedDirectories)))
    #expect(expectedDirectories.count == 300)
    let tooShallow = lsrows("--min-depth=2", "big", in: root.path)
    #expect(tooShallow.exitStatus == 0 && tooShallow.standardOutput.isEmpty)
    // Under -R a row shows its path, in the turns a second thread renders
    // too: big's rows are ls -l's, each name after "big/".
    let recursive = splitRows(lsrows("-lR", ".", in: root.path).standardOutput)
    let prefixed = longRows.map { row -> [UInt8] in
      let nameStart = row.lastIndex(of: UInt8(ascii: " "))! + 1
      return Array(row[..<nameStart]) + bytes("big/") + Array(row[nameStart...])
    }
    #expect(recursive.count == longRows.count + 1)
    #expect(Text(rowBytes(Array(recursive.dropFirst()))) == Text(rowBytes(prefixed)))
  }
}

import Glibc
import Testing

/// Every sort key with -R: each directory's rows come in the order ls -R
/// gives that directory's block.
@Suite struct RecursiveSortTests {
  static func fixture() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("top")
    for (index, directory) in ["top", "top/b-sub", "top/a-sub", "top/a-sub/deeper"].enumerated() {
      if directory != "top" { root.directory(directory) }
      for (offset, name) in ["z.txt", "a.tar.gz", "m10", "m9", "big", "small.c", ".dot"]
        .enumerated()
      {
        let path = "\(directory)/\(name)"
        root.file(path, contents: String(repeating: "x", count: (offset * 37 + index * 11) % 90))
        root.setTimes(
          path, seconds: 1_600_000_000 + (offset * 13 + index * 7) % 50, nanoseconds: offset)
      }
    }
    root.symlink("top/link-to-a", to: "a-sub")
    return root
  }

  @Test(arguments: [
    ["-S"], ["-t"], ["-X"], ["-v"], ["-r"], ["-Sr"], ["--group-directories-first"], ["-A", "-t"],
    ["--sort=size"], ["-l"], ["-lS"], ["-F"],
  ])
  func eachDirectoryInLsOrder(flags: [String]) {
    let root = Self.fixture()
    let ours = splitRows(
      lsrows([bytes("-R")] + flags.map(bytes) + [bytes("top")], in: root.path).standardOutput
    )
    .map { String(decoding: $0, as: UTF8.self) }
    let theirs = ls(
      [bytes("-R"), bytes("--time-style=long-iso")] + flags.map(bytes) + [bytes("top")],
      in: root.path)
    var blocks = 0
    for block in theirs.outputText.split(separator: "\n\n") {
      var lines = block.split(separator: "\n").map(String.init)
      let header = lines.removeFirst().dropLast()
      if flags.contains(where: { $0.hasPrefix("-l") }) { lines.removeFirst() }  // total
      let relative = header == "top" ? "" : String(header.dropFirst(4)) + "/"
      let expected = lines.map { line -> String in
        guard flags.contains(where: { $0.hasPrefix("-l") }) else { return relative + line }
        let time = line.firstMatch(of: try! Regex(#"\d{4}-\d\d-\d\d \d\d:\d\d "#))!.range.upperBound
        return String(line[..<time]) + relative + line[time...]
      }
      let mine = ours.filter { row in
        let name =
          flags.contains(where: { $0.hasPrefix("-l") })
          ? String(
            row[row.firstMatch(of: try! Regex(#"\d{4}-\d\d-\d\d \d\d:\d\d "#))!.range.upperBound...]
          )
          : row
        var path = name.split(separator: " -> ").first.map(String.init) ?? name
        if flags.contains("-F"), let last = path.last, "/*@|=".contains(last) { path.removeLast() }
        guard path.hasPrefix(relative), path.count > relative.count else { return false }
        return !path.dropFirst(relative.count).contains("/")
      }
      #expect(mine == expected, "\(flags) in \(header)")
      blocks += 1
    }
    #expect(blocks == 4)
    #expect(ours.count >= 4 * 6)
  }
}

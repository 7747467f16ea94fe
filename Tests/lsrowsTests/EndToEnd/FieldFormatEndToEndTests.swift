import Glibc
import Testing

/// Per-field formats and the fields added with them, against the tools
/// that define them: date, ls -h and --si, ls's quoting, stat, find.
@Suite struct FieldFormatEndToEndTests {
  static let formats = [
    "%Y-%m-%d %H:%M:%S.%N %z %Z", "%F %T %s %3N %6N %:z %::z %:::z",
    "%a %A %b %B %e %j %_H %-m %^a %#Z %U %W %V %G %g %u %w",
    "%I %p %P %c %x %X %D %r %R %T %y %C %h %n %t %%",
  ]

  @Test(arguments: [
    "UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Europe/Berlin",
  ])
  func timeFormatsAreDates(zone: String) {
    let root = TemporaryDirectory()
    for (index, seconds) in [0, 1_700_000_000, 1_719_871_234, -86_401, 4_102_444_800].enumerated() {
      root.file("t\(index)")
      root.setTimes("t\(index)", seconds: seconds, nanoseconds: 123_456_789)
      for format in Self.formats {
        let ours = lsrows(
          [bytes("--format"), bytes("{mtime:\(format)}"), bytes("t\(index)")], in: root.path,
          environment: ["TZ": zone])
        // date reads @S.F as S + .F toward minus infinity only when S >= 0;
        // a file's time is S seconds plus 123456789 nanoseconds either way.
        let instant = seconds >= 0 ? "@\(seconds).123456789" : "@-\(-(seconds + 1)).876543211"
        let theirs = runProcess(
          "date", [bytes("-d"), bytes(instant), bytes("+" + format)],
          environment: ["TZ": zone, "LC_ALL": "C"])
        #expect(ours.outputText == theirs.outputText, "\(zone) \(seconds) \(format)")
      }
    }
  }

  @Test func humanSizesAreLsSizes() {
    let root = TemporaryDirectory()
    root.directory("z")
    for size in [
      0, 999, 1000, 1001, 1023, 1024, 1025, 1500, 999_999, 1_000_000, 1_048_576, 5_000_000_000,
    ] {
      root.sizedFile("z/f\(size)", size: size)
    }
    for (format, flag) in [("h", "-h"), ("si", "--si")] {
      let ours = lsrows("--format", "{size:\(format)} {name}", "z", in: root.path)
      let theirs = ls("-l", flag, "z", in: root.path)
      let expected = theirs.outputText.split(separator: "\n").dropFirst().map { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        return "\(fields[4]) \(fields[8])"
      }
      #expect(ours.outputText.split(separator: "\n").map(String.init) == expected, "\(format)")
    }
  }

  /// Blocks in human form are the bytes they hold, as ls -sh shows them.
  @Test func humanBlocksAreLsSh() {
    let root = TemporaryDirectory()
    root.directory("z")
    for (index, size) in [0, 1, 5000, 200_000, 3_000_000].enumerated() {
      root.file("z/f\(index)", contents: String(repeating: "x", count: size))
    }
    for (format, flag) in [("h", "-h"), ("si", "--si")] {
      let ours = lsrows("--format", "{blocks:\(format)} {name}", "z", in: root.path)
      let theirs = ls("-s", flag, "-1", "z", in: root.path)
      let expected = theirs.outputText.split(separator: "\n").dropFirst().map {
        $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
      }
      #expect(ours.outputText.split(separator: "\n").map(String.init) == expected, "\(format)")
    }
  }

  @Test func quotedNamesAreWhatLsQuotes() {
    let root = TemporaryDirectory.weird()
    for (format, style) in [("shell", "shell-escape-always"), ("c", "c")] {
      let ours = lsrows("--format", "{name:\(format)}", "tree", in: root.path)
      let theirs = ls("--quoting-style=\(style)", "tree", in: root.path)
      #expect(Text(ours.standardOutput) == Text(theirs.standardOutput), "\(format)")
    }
  }

  @Test func jsonNamesAreTheJSONOfJSONLines() {
    let root = TemporaryDirectory.weird()
    let ours = lsrows("--format", "{{\"name\":{name:json}}}", "tree", in: root.path)
    let json = lsrows("--json", "tree", in: root.path)
    let names = json.outputText.split(separator: "\n").map { line -> String in
      let start = line.range(of: "\"name\":")!.upperBound
      let end = line.range(of: ",\"", range: start..<line.endIndex)!.lowerBound
      return "{\"name\":" + String(line[start..<end]) + "}"
    }
    #expect(ours.outputText.split(separator: "\n").map(String.init) == names)
  }

  @Test func newFieldsAgreeWithStatFindAndLs() {
    let root = WhereEndToEndTests.fixture()
    let ours = lsrows(
      "-RA", "--format", "{path}\t{btime:%s}\t{dev}\t{parent}\t{stem}\t{blocks}", "q",
      in: root.path)
    let find = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("find"), bytes("q"), bytes("-mindepth"), bytes("1"),
        bytes("-printf"), bytes("%p\t%h\t%D\n"),
      ])
    var findParentDevice: [String: (String, String)] = [:]
    for line in find.outputText.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      if fields.count == 3 { findParentDevice[fields[0]] = (fields[1], fields[2]) }
    }
    var checked = 0
    for line in ours.outputText.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 6, let found = findParentDevice[fields[0]] else { continue }
      #expect(fields[3] == found.0, "parent of \(fields[0])")
      #expect(fields[2] == found.1, "dev of \(fields[0])")
      let stat = runProcess(
        "env",
        [
          bytes("-C"), bytes(root.path), bytes("stat"), bytes("-c"), bytes("%W %b %B"),
          bytes(fields[0]),
        ])
      let parts = stat.outputText.split(separator: " ").map { Int($0.trimmingCharacters()) ?? -1 }
      if parts.count == 3 {
        #expect(fields[1] == (parts[0] == 0 ? "?" : String(parts[0])), "btime of \(fields[0])")
        #expect(Int(fields[5]) == (parts[1] * parts[2] + 1023) / 1024, "blocks of \(fields[0])")
      }
      let name = String(fields[0].split(separator: "/").last!)
      if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        #expect(fields[4] == String(name[..<dot]), "stem of \(name)")
      } else {
        #expect(fields[4] == name, "stem of \(name)")
      }
      checked += 1
    }
    #expect(checked > 30)
  }

  @Test func newFieldsAreInJSONAndCSV() {
    let root = TemporaryDirectory()
    root.file("a.txt", contents: "x")
    let json = lsrows("--json", "a.txt", in: root.path).outputText
    for key in ["btime", "blocks", "dev", "parent", "stem"] {
      #expect(json.contains("\"\(key)\":"), "\(key)")
    }
    #expect(json.contains("\"parent\":\".\",\"stem\":\"a\"}"))
    let header = lsrows("--csv", "a.txt", in: root.path).outputText.split(separator: "\r\n").first
    #expect(
      header?.hasSuffix("depth,btime,blocks,dev,parent,parent_base64,stem,stem_base64") == true)
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(filter { !$0.isWhitespace })
  }
}

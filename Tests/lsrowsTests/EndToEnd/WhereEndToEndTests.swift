import Glibc
import Testing

/// `--where` against find: the same expression written both ways selects
/// the same paths, on a tree of sizes at every unit boundary, times on both
/// sides of a local midnight, every kind, and names that take globs apart.
@Suite struct WhereEndToEndTests {
  static let zone = "America/New_York"

  /// Seconds of `2026-11-30` local midnight in ``zone``, as date sees it.
  static let midnight: Int = {
    let result = runProcess(
      "date", [bytes("-d"), bytes("2026-11-30"), bytes("+%s")], environment: ["TZ": zone])
    return Int(result.outputText.split(separator: "\n").first ?? "") ?? 0
  }()

  static func fixture() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("q")
    root.directory("q/sizes")
    for size in [0, 999, 1000, 1001, 1023, 1024, 1025, 1_048_575, 1_048_576, 1_048_577, 1_000_001] {
      root.sizedFile("q/sizes/s\(size)", size: size)
    }
    root.directory("q/times")
    let now = Int(time(nil))
    for (name, seconds, nanoseconds) in [
      ("before", midnight - 1, 999_999_999), ("exact", midnight, 0), ("after", midnight, 1),
      ("recent", now - 3 * 86_400, 0), ("old", now - 10 * 86_400, 0),
    ] {
      root.file("q/times/\(name)")
      root.setTimes("q/times/\(name)", seconds: seconds, nanoseconds: nanoseconds)
    }
    root.directory("q/kinds")
    root.file("q/kinds/file", contents: "data", mode: 0o600)
    root.directory("q/kinds/dir")
    root.symlink("q/kinds/link", to: "file")
    root.symlink("q/kinds/dangling", to: "nowhere")
    root.fifo("q/kinds/fifo")
    root.socket("q/kinds/socket")
    root.hardLink("q/kinds/hard", to: "q/kinds/file")
    if getuid() == 0 {
      root.device("q/kinds/block", character: false, major: 7, minor: 200)
      root.device("q/kinds/char", character: true, major: 1, minor: 3)
    }
    root.directory("q/names")
    for name in [
      "a.txt", "b.txt", ".hidden.txt", ".txt", "[x]", "a*b", "axb", "back\\slash", "x.tar.gz",
      "noext", "tab\tname", "new\nline",
    ] {
      root.file("q/names/\(name)", mode: 0o644)
    }
    root.file(bytes("q/names/caf") + [0xE9] + bytes(".txt"))
    root.directory("q/deep")
    root.directory("q/deep/src")
    root.directory("q/deep/src/x")
    root.directory("q/deep/src/x/y")
    root.directory("q/deep/lib")
    for name in ["src/a.c", "src/x/b.c", "src/x/y/c.h", "src/x/y/d.c", "lib/e.c", "src/f.h"] {
      root.file("q/deep/\(name)")
    }
    return root
  }

  /// The paths lsrows selects and find selects, sorted, from `root`.
  func both(_ expression: String, _ find: [[UInt8]], in root: TemporaryDirectory) -> (
    ours: [[UInt8]], theirs: [[UInt8]], status: Int32?
  ) {
    let ours = lsrows(
      [bytes("-RA0"), bytes("--format={path}"), bytes("--where"), bytes(expression), bytes("q")],
      in: root.path, environment: ["TZ": Self.zone])
    let theirs = runProcess(
      "env",
      [bytes("-C"), bytes(root.path), bytes("find"), bytes("q"), bytes("-mindepth"), bytes("1")]
        + find + [bytes("-print0")],
      environment: ["TZ": Self.zone, "LC_ALL": "C"])
    return (
      splitRows(ours.standardOutput, terminator: 0).sorted { $0.lexicographicallyPrecedes($1) },
      splitRows(theirs.standardOutput, terminator: 0).sorted { $0.lexicographicallyPrecedes($1) },
      ours.exitStatus
    )
  }

  static let userName: String = String(cString: getpwuid(getuid())!.pointee.pw_name)

  static let cases: [(String, [String])] = [
    ("size > 1K", ["-size", "+1024c"]),
    ("size >= 1K", ["-size", "+1023c"]),
    ("size < 1K", ["-size", "-1024c"]),
    ("size <= 1KB", ["-size", "-1001c"]),
    ("size == 1KB", ["-size", "1000c"]),
    ("size == 1M", ["-size", "1048576c"]),
    ("size > 1M", ["-size", "+1048576c"]),
    ("size > 1MB", ["-size", "+1000000c"]),
    ("size != 1000", ["!", "-size", "1000c"]),
    ("size > 1.5K and size < 1.5M", ["-size", "+1536c", "-size", "-1572864c"]),
    ("type == file", ["-type", "f"]),
    ("type == dir", ["-type", "d"]),
    ("type == symlink", ["-type", "l"]),
    ("type == l", ["-type", "l"]),
    ("type == fifo", ["-type", "p"]),
    ("type == socket", ["-type", "s"]),
    ("type == block", ["-type", "b"]),
    ("type == c", ["-type", "c"]),
    ("type != dir and type != file", ["!", "-type", "d", "!", "-type", "f"]),
    ("name ~ '*.txt'", ["-name", "*.txt"]),
    ("name ~ '[ab]*'", ["-name", "[ab]*"]),
    ("name ~ '[!ab.]*'", ["-name", "[!ab.]*"]),
    ("name ~ 'a\\*b'", ["-name", "a\\*b"]),
    ("name ~ 'a?b'", ["-name", "a?b"]),
    ("name == '[x]'", ["-name", "\\[x\\]"]),
    ("name ~ '*\\\\*'", ["-name", "*\\\\*"]),
    ("name ~ 'caf\\xe9*'", ["-name", "caf\u{E9}*"]),
    ("name ~ '*\\x09*'", ["-name", "*\t*"]),
    ("path ~ 'q/deep/**/*.c'", ["-path", "q/deep/*.c"]),
    ("path ~ 'q/deep/src/*'", ["-path", "q/deep/src/*", "!", "-path", "q/deep/src/*/*"]),
    ("path ~ 'q/*/s*'", ["-path", "q/*/s*", "!", "-path", "q/*/*/*"]),
    ("mtime > 2026-11-30", ["-newermt", "2026-11-30"]),
    ("mtime <= 2026-11-30", ["!", "-newermt", "2026-11-30"]),
    ("mtime < 2026-11-30T00:00", ["!", "-newermt", "2026-11-29 23:59:59.999999999"]),
    ("mtime > -7d", ["-mmin", "-10080"]),
    ("mtime < -7d", ["-mmin", "+10080"]),
    ("mtime > -1w and mtime < -2d", ["-mmin", "-10080", "-mmin", "+2880"]),
    ("perms == 0600", ["-perm", "0600"]),
    ("perms == 644", ["-perm", "0644"]),
    ("links > 1", ["-links", "+1"]),
    ("uid == \(getuid())", ["-uid", "\(getuid())"]),
    ("user == \(userName)", ["-user", userName]),
    ("target == file", ["-lname", "file"]),
    ("target ~ 'no*'", ["-lname", "no*"]),
    ("ext == txt", ["-name", "?*.txt"]),
    ("depth <= 1", ["-maxdepth", "1"]),
    ("depth == 3", ["-mindepth", "3", "-maxdepth", "3"]),
    ("not type == dir", ["!", "-type", "d"]),
    ("size > 1K or name ~ 'a*'", ["(", "-size", "+1024c", "-o", "-name", "a*", ")"]),
    (
      "type == file and not (name ~ '*.txt' or size == 0)",
      ["-type", "f", "!", "(", "-name", "*.txt", "-o", "-size", "0c", ")"]
    ),
  ]

  @Test func everyPredicateSelectsWhatFindSelects() {
    let root = Self.fixture()
    for (expression, find) in Self.cases {
      let findArguments = find.map { argument -> [UInt8] in
        // find's arguments are bytes; é stands for the Latin-1 byte.
        argument == "caf\u{E9}*" ? bytes("caf") + [0xE9, 0x2A] : bytes(argument)
      }
      let (ours, theirs, status) = both(expression, findArguments, in: root)
      #expect(status == 0, "\(expression)")
      #expect(
        !theirs.isEmpty || expression.contains("block") || expression.contains("c"),
        "\(expression): find selected nothing")
      #expect(
        ours.map { String(decoding: $0, as: UTF8.self) }
          == theirs.map { String(decoding: $0, as: UTF8.self) },
        "\(expression)")
    }
  }

  @Test func aNameOnlyQueryReadsNoStatusAndWorksInEveryMode() {
    let root = Self.fixture()
    let modes: [[String]] = [
      [], ["-l"], ["--json"], ["--csv"], ["-0"], ["--format", "{path}"], ["-R"],
    ]
    for mode in modes {
      let result = lsrows(
        mode.map(bytes) + [
          bytes("--where"), bytes("name ~ 'a*'"), bytes("q/names"), bytes("q/deep/src"),
        ],
        in: root.path)
      #expect(result.exitStatus == 0, "\(mode)")
      let text = result.outputText
      #expect(text.contains("a.txt") && text.contains("a.c") && !text.contains("b.txt"), "\(mode)")
    }
    let filesFrom = lsrows(
      [bytes("--files0-from=-"), bytes("--where"), bytes("size > 1K")], in: root.path,
      input: bytes("q/sizes/s1000\0q/sizes/s1025\0"))
    #expect(filesFrom.outputText == "q/sizes/s1025\n")
  }

  /// A directory that fails the expression is still walked into, as find
  /// goes on below a directory its tests reject.
  @Test func aRejectedDirectoryIsStillDescended() {
    let root = Self.fixture()
    let result = lsrows("-R", "--where", "type == file and name ~ '*.h'", "q/deep", in: root.path)
    #expect(result.outputText == "src/f.h\nsrc/x/y/c.h\n")
  }

  @Test(arguments: [
    ("size > 1X", "unknown unit 'X' at character 9"),
    ("(type == dir", "unbalanced parenthesis: '(' is not closed at character 1"),
    ("type == dir)", "unbalanced parenthesis: ')' without '(' at character 12"),
    ("nme == x", "unknown field 'nme' at character 1"),
    ("name ~ 'a[b'", "'[' is not closed (write '\\[' for the byte) at character 10"),
    ("mtime > yesterday", "expected a date YYYY-MM-DD at character 9"),
  ])
  func aBadExpressionIsReportedBeforeAnythingIsListed(expression: String, message: String) {
    let root = Self.fixture()
    let result = lsrows("--where", expression, "q", in: root.path)
    #expect(result.exitStatus == 1)
    #expect(result.standardOutput.isEmpty)
    let lines = result.errorText.split(separator: "\n")
    #expect(lines.first.map(String.init)?.hasSuffix(message) == true, "\(result.errorText)")
    #expect(lines.count == 3 && lines[1].hasPrefix("Expected ") && lines[2].hasPrefix("Try "))
  }
}

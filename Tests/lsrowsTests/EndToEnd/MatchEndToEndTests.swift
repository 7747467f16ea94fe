import Glibc
import Testing

/// Matching as find does, on seeded random trees: `lower(name) ~` against
/// `find -iname`, `entries == 0` against `find -empty`, path `--prune` and
/// `--prune-where` against `find ... -prune -o -print`, and `=~` on paths
/// against `grep -zE` over find's paths.
@Suite struct MatchEndToEndTests {
  /// A tree of directories and files whose names mix case, dots, spaces,
  /// newlines and bytes that are not UTF-8, some directories empty.
  static func randomTree(_ random: inout SeededRandom) -> (TemporaryDirectory, [[UInt8]]) {
    let root = TemporaryDirectory()
    root.directory("t")
    let stems: [[UInt8]] = [
      bytes("photo"), bytes("Photo"), bytes("README"), bytes("readme"), bytes("a b"),
      bytes("new\nline"), [0x63, 0x61, 0x66, 0xE9], bytes(".hidden"), bytes("x"), bytes("Build"),
    ]
    let extensions: [[UInt8]] = [
      bytes(".jpg"), bytes(".JPG"), bytes(".Jpeg"), bytes(".h"), bytes(".H"), [], bytes(".txt"),
    ]
    var directories: [[UInt8]] = [bytes("t")]
    var made = Set<[UInt8]>()
    for _ in 0..<60 {
      let parent = directories.randomElement(using: &random)!
      let name =
        stems.randomElement(using: &random)! + extensions.randomElement(using: &random)!
        + bytes(String(Int.random(in: 0..<3, using: &random)))
      let path = parent + [UInt8(ascii: "/")] + name
      guard !made.contains(path), directories.count < 20 || Bool.random(using: &random) else {
        continue
      }
      made.insert(path)
      if Int.random(in: 0..<3, using: &random) == 0 && parent.count < 60 {
        root.directory(path)
        directories.append(path)
      } else {
        root.file(path)
      }
    }
    return (root, directories)
  }

  /// find's paths, NUL-terminated, as a sorted set.
  static func find(_ arguments: [String], in root: TemporaryDirectory) -> [[UInt8]] {
    let result = runProcess(
      "env",
      [bytes("-C"), bytes(root.path), bytes("find"), bytes("t"), bytes("-mindepth"), bytes("1")]
        + arguments.map(bytes), environment: ["LC_ALL": "C"])
    return result.standardOutput.split(separator: 0).map(Array.init).sorted {
      $0.lexicographicallyPrecedes($1)
    }
  }

  /// What tells two sorted sets of paths apart, for messages.
  static func difference(_ ours: [[UInt8]], _ theirs: [[UInt8]]) -> String {
    let a = Set(ours)
    let b = Set(theirs)
    func text(_ set: Set<[UInt8]>) -> String {
      set.map { String(decoding: $0, as: UTF8.self).debugDescription }.sorted().joined(
        separator: ", ")
    }
    return "only lsrows: \(text(a.subtracting(b))); only find: \(text(b.subtracting(a)))"
  }

  /// lsrows's paths, as a sorted set.
  static func ours(_ arguments: [String], in root: TemporaryDirectory) -> [[UInt8]] {
    let result = lsrows(
      [bytes("-RA0"), bytes("--format"), bytes("{path}")] + arguments.map(bytes) + [bytes("t")],
      in: root.path)
    #expect(result.exitStatus == 0, "\(arguments): \(result)")
    return result.standardOutput.split(separator: 0).map(Array.init).sorted {
      $0.lexicographicallyPrecedes($1)
    }
  }

  /// Whether the two sets are equal, recording what differs when not.
  static func same(
    _ ours: [[UInt8]], _ theirs: [[UInt8]], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      ours == theirs, "\(context): \(difference(ours, theirs))", sourceLocation: sourceLocation)
  }

  @Test(arguments: 0..<3)
  func matchesFind(round: Int) {
    var random = SeededRandom()
    let seed = random.seed
    let (root, directories) = Self.randomTree(&random)
    let context = "LSROWS_TEST_SEED=\(seed), round \(round)"
    for glob in ["*.jpg", "*.h", "photo*", "readme*", "*e*", "[a-c]*", "*\\.*", "?"] {
      Self.same(
        Self.ours(["--where", "lower(name) ~ '\(glob)'"], in: root),
        Self.find(["-iname", glob, "-print0"], in: root), "-iname \(glob); \(context)")
    }
    Self.same(
      Self.ours(["--where", "type == dir and entries == 0"], in: root),
      Self.find(["-type", "d", "-empty", "-print0"], in: root), "-empty; \(context)")
    Self.same(
      Self.ours(["--where", "entries > 0"], in: root),
      Self.find(["-type", "d", "!", "-empty", "-print0"], in: root), "! -empty; \(context)")
    for directory in directories.dropFirst().prefix(4) {
      let below = String(decoding: directory.dropFirst(2), as: UTF8.self)
      let name = String(
        decoding: directory.split(separator: UInt8(ascii: "/")).last!, as: UTF8.self)
      // Without a slash (a directory at the top) a pattern matches names anywhere.
      Self.same(
        Self.ours(["--prune", below], in: root),
        Self.find(
          below.contains("/")
            ? ["-type", "d", "-path", "t/" + below, "-prune", "-o", "-print0"]
            : ["-type", "d", "-name", below, "-prune", "-o", "-print0"], in: root),
        "--prune \(below.debugDescription); \(context)")
      Self.same(
        Self.ours(["--prune", "**/" + name], in: root),
        Self.find(["-type", "d", "-path", "*/" + name, "-prune", "-o", "-print0"], in: root),
        "--prune **/\(name.debugDescription); \(context)")
    }
    Self.same(
      Self.ours(["--prune-where", "entries == 0 or lower(name) ~ 'readme*'"], in: root),
      Self.find(
        ["-type", "d", "(", "-empty", "-o", "-iname", "readme*", ")", "-prune", "-o", "-print0"],
        in: root), "--prune-where; \(context)")
    let paths = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("find"), bytes("t"), bytes("-mindepth"), bytes("1"),
        bytes("-print0"),
      ]
    ).standardOutput
    for pattern in ["^t/[^/]*/", "\\.(jpg|h)[0-9]$", "/[[:upper:]][^/]*$", "e.e", "^t/.{3,5}$"] {
      let grep = runProcess(
        "grep", [bytes("-zE"), bytes("-e"), bytes(pattern)], environment: ["LC_ALL": "C"],
        input: paths)
      let expected = grep.standardOutput.split(separator: 0).map(Array.init).sorted {
        $0.lexicographicallyPrecedes($1)
      }
      Self.same(
        Self.ours(["--where", "path =~ '\(pattern)'"], in: root), expected,
        "path =~ \(pattern); \(context)")
    }
  }

  @Test(arguments: [
    ("size =~ 1", "'=~' matches text, and size is a number at character 6"),
    ("mtime =~ 1", "'=~' matches text, and mtime is a time at character 7"),
    ("type =~ f", "'=~' matches text, and type is a kind at character 6"),
    ("name =~ '('", "invalid regular expression: Unmatched ( or \\( at character 10"),
    ("name =~ 'a{2,1}'", "invalid regular expression: Invalid content of \\{\\} at character 10"),
    ("lower(size) == 1", "lower() takes a text field, and size is a number at character 7"),
    ("lower(name == a", "'lower(' is not closed at character 1"),
    ("lower(lower(name)) == a", "lower() takes a field, not another lower() at character 7"),
    ("lower name == a", "unknown field 'lower' at character 1"),
  ])
  func mistakesAreReportedBeforeAnythingIsListed(expression: String, message: String) {
    let root = TemporaryDirectory()
    root.file("a")
    for option in ["--where", "--prune-where"] {
      let result = lsrows(option, expression, root.path)
      #expect(result.exitStatus == 1)
      #expect(result.standardOutput.isEmpty)
      let lines = result.errorText.split(separator: "\n")
      #expect(lines.first.map(String.init)?.hasSuffix(message) == true, "\(result.errorText)")
      #expect(lines.first?.contains("for '\(option)'") == true)
      #expect(lines.count == 3 && lines[1].hasPrefix("Expected ") && lines[2].hasPrefix("Try "))
    }
  }

  @Test func entriesCountEveryEntryHiddenOrNotAndNothingForFiles() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.directory("d/hidden-only")
    root.file("d/hidden-only/.x")
    root.directory("d/empty")
    root.file("d/file")
    for flags in [["-R"], [], ["-R", "--max-depth=1"], ["-R", "--sort-by=-entries"], ["-RU"]] {
      let result = lsrows(
        flags.map(bytes) + [bytes("--format"), bytes("{entries}|{name}"), bytes("d")],
        in: root.path)
      let rows = Set(result.outputText.split(separator: "\n").map(String.init))
      #expect(
        rows.isSuperset(of: ["0|empty", "1|hidden-only", "|file"]), "\(flags): \(result)")
    }
    let operand = lsrows("-d", "--format", "{entries}", "d", in: root.path)
    #expect(operand.outputText == "3\n")
  }
}

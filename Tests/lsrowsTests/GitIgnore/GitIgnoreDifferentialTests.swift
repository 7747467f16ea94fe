import Glibc
import Testing

/// `--gitignore` against git itself: seeded random work trees (names with
/// spaces, `#`, `!`, brackets, stars, newlines and bytes that are not
/// UTF-8) with random ignore files at random depths, `info/exclude` and a
/// `core.excludesFile`, listed from the top, from a subdirectory, with a
/// subdirectory operand and with an ignored operand; what git keeps is
/// asked of `git check-ignore --no-index` in a top-down walk.
///
/// `LSROWS_GITIGNORE_SEEDS` runs more seeds than `make test`'s.
@Suite(.enabled(if: access("/usr/bin/git", X_OK) == 0, "git is not installed"))
struct GitIgnoreDifferentialTests {
  static let seedsPerShard: Int = {
    getenv("LSROWS_GITIGNORE_SEEDS").flatMap { Int(String(cString: $0)) }.map { $0 / 8 } ?? 40
  }()

  static let names: [[UInt8]] =
    [
      "a", "b", "ab", "c.o", "x y", "#h", "!n", "[z]", "st*r", "q?", "a.log", "build", "Doc", "e ",
      "f\\g", ".dot", "-lead",
    ].map(bytes) + [[0x64, 0x0A, 0x6C], [0xFF, 0xFE], [0x63, 0xE9, 0x2E, 0x6F]]

  static let globs: [String] = [
    "*.o", "a*", "*b", "?", "[a-c]*", "[!a]*", "[^b]", "[[:alpha:]]*", "[]a]", "\\#h", "\\!n",
    "x\\ y", "a?", "*.lo[g]", "[[:digit:][:upper:]]*", "*[ -/]*",
  ]

  /// A random pattern line: names and globs joined by slashes, maybe
  /// anchored, directory-only, negated, with trailing spaces.
  static func pattern(_ random: inout SeededRandom) -> [UInt8] {
    var parts: [[UInt8]] = []
    for _ in 0..<[1, 1, 1, 2, 2, 3].randomElement(using: &random)! {
      let roll = Double.random(in: 0..<1, using: &random)
      let name = names.randomElement(using: &random)!.filter { $0 != 0x0A }
      if roll < 0.35 {
        parts.append(name)
      } else if roll < 0.5 {
        parts.append(bytes("*"))
      } else if roll < 0.58 {
        parts.append(bytes("**"))
      } else if roll < 0.7 {
        parts.append(bytes(globs.randomElement(using: &random)!))
      } else {
        parts.append(Array(name.prefix(2)) + bytes("*"))
      }
    }
    var line = Array(parts.joined(separator: [UInt8(ascii: "/")]))
    if Int.random(in: 0..<5, using: &random) == 0 { line = bytes("/") + line }
    if Int.random(in: 0..<4, using: &random) == 0 { line += bytes("/") }
    if Int.random(in: 0..<5, using: &random) == 0 { line = bytes("!") + line }
    if Int.random(in: 0..<10, using: &random) == 0 { line += bytes("  ") }
    if Int.random(in: 0..<20, using: &random) == 0 { line += bytes("\\ ") }
    return line
  }

  /// A random ignore file: patterns, comments and blank lines, LF or CRLF,
  /// with or without a last line end.
  static func ignoreFile(_ random: inout SeededRandom) -> [UInt8] {
    var lines: [[UInt8]] = []
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      switch Int.random(in: 0..<25, using: &random) {
      case 0, 1: lines.append(bytes("# a comment"))
      case 2: lines.append([])
      default: lines.append(pattern(&random))
      }
    }
    let end = Int.random(in: 0..<7, using: &random) == 0 ? bytes("\r\n") : bytes("\n")
    var file = Array(lines.joined(separator: end))
    if Int.random(in: 0..<10, using: &random) < 7 { file += end }
    return file
  }

  /// Fills `directory` (below the top) with random entries, and sometimes
  /// a `.gitignore`.
  static func fill(
    _ repository: GitRepositoryFixture, _ directory: [UInt8], depth: Int,
    _ random: inout SeededRandom
  ) {
    for _ in 0..<Int.random(in: 1...5, using: &random) {
      let name = names.randomElement(using: &random)!
      let path = directory.isEmpty ? name : directory + [UInt8(ascii: "/")] + name
      var status = stat()
      guard withCPath(repository.path(path), { lstat($0, &status) }) != 0 else { continue }
      if depth < 3 && Int.random(in: 0..<5, using: &random) < 2 {
        repository.root.directory(bytes("repo/") + path)
        fill(repository, path, depth: depth + 1, &random)
      } else {
        repository.root.file(bytes("repo/") + path)
      }
    }
    if Bool.random(using: &random) {
      let ignore = directory.isEmpty ? bytes(".gitignore") : directory + bytes("/.gitignore")
      repository.root.file(bytes("repo/") + ignore, contents: ignoreFile(&random))
    }
  }

  @Test(arguments: 0..<8)
  func randomWorkTreesListWhatGitKeeps(shard: Int) {
    let base = SeededRandom().seed
    for index in 0..<Self.seedsPerShard {
      var random = SeededRandom(seed: base &+ UInt64(shard * 100_003 + index))
      let seed = random.seed
      let repository = GitRepositoryFixture()
      Self.fill(repository, [], depth: 0, &random)
      if Int.random(in: 0..<10, using: &random) < 3 {
        writeFile(repository.top + "/.git/info/exclude", Self.ignoreFile(&random))
      }
      if Int.random(in: 0..<10, using: &random) < 3 {
        writeFile(repository.home + "/global-ignore", Self.ignoreFile(&random))
        writeFile(
          repository.home + "/.gitconfig", bytes("[core]\n\texcludesFile = ~/global-ignore\n"))
      }
      let expected = repository.pathsGitKeeps()
      let (listed, result) = repository.pathsListed()
      #expect(result.exitStatus == 0, "\(result) (LSROWS_TEST_SEED=\(seed))")
      #expect(
        listed == expected,
        "from the top: \(Text(rowBytes(listed))) against git's \(Text(rowBytes(expected))), LSROWS_TEST_SEED=\(seed)"
      )
      let directories = expected.filter { path in
        var status = stat()
        return withCPath(repository.path(path), { lstat($0, &status) }) == 0
          && status.st_mode & S_IFMT == S_IFDIR
      }
      if let directory = directories.randomElement(using: &random) {
        let below = expected.filter { $0.starts(with: directory + [UInt8(ascii: "/")]) }
        let (fromInside, _) = repository.pathsListed(from: directory)
        #expect(
          fromInside == below.map { Array($0.dropFirst(directory.count + 1)) },
          "from \(Text(directory)), LSROWS_TEST_SEED=\(seed)")
        let (asOperand, _) = repository.pathsListed(operands: [directory])
        #expect(asOperand == below, "operand \(Text(directory)), LSROWS_TEST_SEED=\(seed)")
      }
      let ignoredDirectories = TreeOracle.names(in: repository.path([])).filter { name in
        var status = stat()
        return !expected.contains(name) && name != bytes(".git") && name != bytes(".")
          && name != bytes("..")
          && withCPath(repository.path(name), { lstat($0, &status) }) == 0
          && status.st_mode & S_IFMT == S_IFDIR
      }
      if let ignored = ignoredDirectories.first {
        let (inside, result) = repository.pathsListed(operands: [ignored])
        #expect(
          inside.isEmpty && result.exitStatus == 0,
          "ignored operand \(Text(ignored)), LSROWS_TEST_SEED=\(seed)")
      }
    }
  }
}

import Glibc
import Testing

/// Random combinations of ls's options, compared with `LC_ALL=C ls -1`:
/// ls compatibility breaks where options meet (`-c` with and without `-t`,
/// `-f` with `-l`, `-L` with `-d`), more than one option at a time.
///
/// `LSROWS_COMBINATIONS` sets how many (300 by default), `LSROWS_TEST_SEED`
/// repeats a run.
@Suite struct LsCombinationTests {
  static let flags = [
    "-a", "-A", "-B", "-c", "-d", "-f", "-F", "-g", "-G", "-h", "-H", "-i", "-k", "-l", "-L", "-n",
    "-N", "-o", "-p", "-q", "-Q", "-r", "-R", "-s", "-S", "-t", "-u", "-U", "-v", "-X", "-Z", "-1",
    "-b", "--author", "--file-type", "--full-time", "--group-directories-first", "--literal",
    "--show-control-chars", "--si", "--zero", "--dereference-command-line-symlink-to-dir",
  ]

  static let valued: [(String, [String])] = [
    ("-I", ["*a*", ".*", "d?", "[bc]*"]), ("--hide=", ["*a*", ".*", "*~"]),
    ("--block-size=", ["K", "1M", "512", "si", "human-readable", "KiB", "1kB", "'1"]),
    ("--indicator-style=", ["none", "slash", "file-type", "classify"]),
    (
      "--quoting-style=",
      [
        "literal", "shell", "shell-always", "shell-escape", "shell-escape-always", "c", "c-maybe",
        "escape", "locale", "clocale",
      ]
    ),
    ("--sort=", ["none", "size", "time", "extension", "version", "width"]),
    ("--time=", ["atime", "access", "use", "ctime", "status", "birth", "creation"]),
    (
      "--time-style=",
      ["full-iso", "long-iso", "iso", "locale", "+%s", "+%Y-%m-%d %H:%M:%S.%N", "posix-iso"]
    ),
    ("-T", ["0", "8"]), ("-w", ["0", "40"]),
    ("--format=", ["long", "verbose", "single-column"]), ("--color=", ["never", "always"]),
    ("--classify=", ["always", "auto"]), ("--hyperlink=", ["never"]),
  ]

  static let variables: [(String, [String])] = [
    ("TIME_STYLE", ["iso", "+%s", "locale", "full-iso"]),
    ("BLOCK_SIZE", ["K", "1M", "human-readable", "foo"]), ("LS_BLOCK_SIZE", ["si", "2K"]),
    ("QUOTING_STYLE", ["c", "shell-escape"]), ("TZ", ["America/New_York", "Asia/Kolkata"]),
  ]

  static let count: Int =
    getenv("LSROWS_COMBINATIONS").flatMap { Int(String(cString: $0)) }
    ?? 300

  /// A command line: up to five options, maybe some operands, maybe a variable.
  static func combination(
    _ random: inout SeededRandom, operands pool: [String]
  ) -> (options: [String], operands: [String], environment: [String: String?]) {
    var options: [String] = []
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      if Double.random(in: 0..<1, using: &random) < 0.6 {
        options.append(flags.randomElement(using: &random)!)
      } else {
        let (option, values) = valued.randomElement(using: &random)!
        let value = values.randomElement(using: &random)!
        if option.hasSuffix("=") {
          options.append(option + value)
        } else {
          options += [option, value]
        }
      }
    }
    var operands: [String] = []
    if Bool.random(using: &random) {
      operands = Array(pool.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
    }
    var environment: [String: String?] = [:]
    if Int.random(in: 0..<4, using: &random) == 0 {
      let (name, values) = variables.randomElement(using: &random)!
      environment[name] = values.randomElement(using: &random)!
    }
    return (options, operands, environment)
  }

  @Test func randomCombinationsMatchLs() {
    let root = TemporaryDirectory.lsOptions()
    var random = SeededRandom()
    var failures = 0
    for _ in 0..<Self.count {
      let (options, operands, environment) = Self.combination(
        &random, operands: TemporaryDirectory.lsOperands)
      var comparison = LsComparison()
      comparison.environment = environment
      if let difference = comparison.differences(
        options: options, operands: operands, in: root.path + "/top")
      {
        Issue.record(Comment(rawValue: "\(random): \(environment) \(difference)"))
        failures += 1
        if failures == 5 { break }
      }
    }
  }

  /// As uid 65534, in directories it can read but not search, and cannot
  /// read at all: what ls stats, and so reports, decides the messages.
  @Test(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
  func randomCombinationsMatchLsForAnUnprivilegedUser() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("top")
    root.directory("top/open")
    root.file("top/open/f")
    root.symlink("top/open/l", to: "f")
    root.symlink("top/open/sub-link", to: "sub")
    root.directory("top/open/sub")
    root.directory("top/unsearchable")
    root.file("top/unsearchable/f")
    root.symlink("top/unsearchable/l", to: "f")
    root.directory("top/unsearchable/sub")
    root.chmod("top/unsearchable", 0o744)
    root.directory("top/unreadable", mode: 0o000)
    // ls runs first, and its reads would move the access times that
    // `--time=atime` then shows lsrows.
    root.settleAccessTimes(
      ofSymlinks: ["top/open/l", "top/open/sub-link", "top/unsearchable/l"],
      directories: ["top", "top/open", "top/open/sub", "top/unsearchable", "top/unsearchable/sub"])
    var comparison = LsComparison()
    comparison.lsrowsBinary = binary
    comparison.asNobody = true
    var random = SeededRandom()
    let pool = [
      "open", "unsearchable", "unreadable", "unsearchable/f", "unsearchable/l", "open/l",
      "open/sub-link", ".",
    ]
    var failures = 0
    for _ in 0..<max(1, Self.count / 3) {
      var (options, operands, _) = Self.combination(&random, operands: pool)
      let directory = ["top", "top/unsearchable", "top/unreadable"].randomElement(using: &random)!
      if directory != "top" { operands = operands.filter { $0 == "." } }
      if let difference = comparison.differences(
        options: options, operands: operands, in: root.path + "/" + directory)
      {
        Issue.record(Comment(rawValue: "\(random): in \(directory): \(difference)"))
        failures += 1
        if failures == 5 { break }
      }
    }
  }
}

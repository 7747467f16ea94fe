import Glibc
import Testing

/// On a fast file system `-R` lists subtrees on a second thread, and the
/// writing thread lists parts of the worker's subtrees while it waits
/// (``SubtreeScheduler``): the bytes, the messages and the exit status
/// are those of the walk that reads ahead, whichever thread lists what.
///
/// `LSROWS_SUBTREES=off` makes the walk read ahead instead; `all` claims
/// every subtree it can, so that small trees go through the worker too;
/// `LSROWS_SLOW_READ_NS=0` counts every opening slow, so that the walk a
/// network or FUSE file system gets (many helpers, statuses read in
/// parts) lists the local fixture.
@Suite struct SubtreeSplittingTests {
  /// Read ahead, split as usual, split wherever possible, read as from a
  /// slow file system.
  static let modes: [[String: String]] = [
    ["LSROWS_SUBTREES": "off"], [:], ["LSROWS_SUBTREES": "all"], ["LSROWS_SLOW_READ_NS": "0"],
  ]

  /// `base` with `mode`'s settings, and the mode variables it does not set
  /// unset.
  static func environment(_ base: [String: String?], _ mode: [String: String]) -> [String: String?]
  {
    var environment = base
    for name in ["LSROWS_SUBTREES", "LSROWS_SLOW_READ_NS"] {
      environment.updateValue(mode[name], forKey: name)
    }
    return environment
  }

  /// Options each engine must list alike: formats whose cells depend on
  /// their directory's other rows, filters, orders, depths.
  static let optionSets: [[String]] = [
    ["-R"], ["-RA"], ["-Ra"], ["-RAl"], ["-RAlis"], ["-RAF"], ["-RAQ"], ["-RAr"], ["-RAS"],
    ["-RAt"], ["-RAX"], ["-RAl", "--group-directories-first"], ["-RA", "--json"],
    ["-RA", "--csv"], ["-RA", "--zero"], ["-RA", "--format", "{depth}\t{path}\t{size}"],
    ["-RA", "--where", "size > 1000"], ["-RA", "--where", "type == dir"],
    ["-RA", "--max-depth", "2"], ["-RA", "--min-depth", "3"], ["-RA", "-I", "a*"],
    ["-RA", "--prune", "B*"], ["-RAl", "--time-style=full-iso", "-h"],
    ["-RA", "--one-file-system"],
  ]

  /// Runs `options` over `operands` in `directory` with each mode, and
  /// expects the same result of each; returns it.
  @discardableResult
  static func expectSameInEveryMode(
    _ options: [String], _ operands: [String], in directory: String,
    environment: [String: String?] = [:]
  ) -> ProcessResult {
    let results = modes.map { mode in
      lsrows(
        (options + operands).map(bytes), in: directory,
        environment: Self.environment(environment, mode))
    }
    for (mode, result) in zip(modes.dropFirst(), results.dropFirst()) {
      #expect(result == results[0], "\(options) with \(mode)")
    }
    return results[0]
  }

  /// Makes `path` and each directory on the way to it.
  static func makeDirectories(_ path: String, in root: TemporaryDirectory) {
    var made = ""
    for component in path.split(separator: "/") {
      made += (made.isEmpty ? "" : "/") + component
      if access(root.path + "/" + made, F_OK) != 0 { root.directory(made) }
    }
  }

  /// Special files beside the random tree's names: links that dangle and
  /// loop, a fifo, and a directory deep enough to be claimed below others.
  static func addSpecialFiles(to root: TemporaryDirectory) {
    root.directory("special")
    root.symlink("special/dangling", to: "nowhere")
    root.symlink("special/loop", to: "loop")
    root.symlink("special/up", to: "..")
    root.fifo("special/fifo")
    makeDirectories("special/-dash/\u{1B}[31mred", in: root)
    root.file("special/-dash/\u{1B}[31mred/inside")
  }

  @Test(arguments: [UInt64(11), 12, 13])
  func everyEngineListsTheSame(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let tree = RandomTree(&random, entries: 600)
    Self.addSpecialFiles(to: tree.root)
    for options in Self.optionSets {
      let result = Self.expectSameInEveryMode(options, ["."], in: tree.root.path)
      #expect(result.exitStatus == 0, "\(options) \(seed): \(result)")
      #expect(result.standardOutput.count > 20, "\(options) \(seed)")
    }
    // Several operands, each its own walk, with a file among them.
    Self.expectSameInEveryMode(["-RAl"], ["special", ".", "special/fifo"], in: tree.root.path)
    // Named from elsewhere: a subtree's walk opens what it lists by its
    // path, which no name below the working directory stands for.
    let elsewhere = TemporaryDirectory()
    for options in [["-RA"], ["-RAl"]] {
      let result = Self.expectSameInEveryMode(options, [tree.root.path], in: elsewhere.path)
      #expect(result.exitStatus == 0, "\(options) \(seed) from elsewhere: \(result)")
    }
  }

  /// One large subtree behind a small one, as in a source tree: the worker
  /// takes the large one while the writing thread lists the small one
  /// (large enough that the worker begins meanwhile), and the writing
  /// thread, done, lists parts of the large one while it waits.
  @Test func aLargeSubtreeIsSharedAndListedInOrder() {
    let root = TemporaryDirectory()
    for branch in 0..<20 {
      Self.makeDirectories("top/a-small/b\(branch)", in: root)
      for file in 0..<20 { root.file("top/a-small/b\(branch)/f\(file)") }
    }
    for branch in 0..<40 {
      for leaf in 0..<10 {
        let directory = "top/z-large/b\(branch)/l\(leaf)"
        Self.makeDirectories(directory, in: root)
        for file in 0..<8 { root.file(directory + "/f\(file)") }
      }
    }
    // Twice: whether the writing thread asks for parts, and which, depends
    // on when the worker begins.
    for _ in 0..<2 {
      for options in [["-RA"], ["-RAl"], ["-RA", "--json"]] {
        let result = Self.expectSameInEveryMode(options, ["top"], in: root.path)
        #expect(result.exitStatus == 0)
      }
    }
    let rows = splitRows(lsrows("-RA", "top", in: root.path).standardOutput)
    #expect(rows == TreeOracle().rows(of: root.path("top")))
  }

  /// A subtree deeper than its walk's budget is opened again by its path.
  ///
  /// A subtree's walk keeps a quarter of the walk's open directories
  /// (16): deeper than that it closes its first, and opens it again from
  /// the working directory when a later subdirectory needs it. The
  /// working directory here is elsewhere, so the name alone names nothing
  /// there.
  @Test func aSubtreeDeeperThanItsBudgetIsOpenedAgainByItsPath() {
    let root = TemporaryDirectory()
    root.directory("elsewhere")
    // Large enough that the worker takes `a` while `0` is written.
    root.directory("top")
    root.directory("top/0")
    for file in 0..<3000 { root.file("top/0/f\(file)") }
    Self.makeDirectories("top/a/" + (1...20).map { "d\($0)" }.joined(separator: "/"), in: root)
    Self.makeDirectories("top/a/z/inner", in: root)
    root.file("top/a/z/inner/file")
    let top = String(decoding: root.path("top"), as: UTF8.self)
    for options in [["-RA"], ["-RAl"]] {
      let result = Self.expectSameInEveryMode(options, [top], in: root.path + "/elsewhere")
      #expect(result.exitStatus == 0, "\(options)")
      #expect(result.errorText == "", "\(options)")
    }
    let rows = splitRows(lsrows("-RA", top, in: root.path + "/elsewhere").standardOutput)
    #expect(rows == TreeOracle().rows(of: root.path("top")))
  }

  /// What cannot be read is reported where the walk meets it, once, in
  /// ls's words, by whichever thread met it.
  @Test(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
  func unreadableDirectoriesAreReportedTheSame() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    for branch in ["a", "m", "z"] {
      for leaf in 0..<6 {
        Self.makeDirectories("top/\(branch)/d\(leaf)/inner", in: root)
        root.file("top/\(branch)/d\(leaf)/inner/file")
      }
      root.chmod("top/\(branch)/d2", 0o000)
      root.chmod("top/\(branch)/d4/inner", 0o311)
    }
    let asNobody = [
      "--reuid=65534", "--regid=65534", "--clear-groups", "env", "-C", root.path,
    ].map(bytes)
    var results: [ProcessResult] = []
    for mode in Self.modes {
      results.append(
        runProcess(
          "setpriv", asNobody + [bytes(binary), bytes("-RA"), bytes("top")],
          environment: Self.environment(Programs.cLocale, mode)))
    }
    #expect(results[0].exitStatus == 1)
    #expect(results[0].errorText.contains("cannot open directory 'top/m/d2'"))
    #expect(results[0].errorText.contains("cannot open directory 'top/z/d4/inner'"))
    for result in results.dropFirst() { #expect(result == results[0]) }
  }

  /// `--gitignore` reads each directory's rules on the thread that enters
  /// it, from the rules of the directories above.
  @Test func gitIgnoreRulesApplyInEveryEngine() {
    let repository = GitRepositoryFixture()
    repository.write(".gitignore", bytes("*.o\nbuild/\n"))
    for branch in ["a", "b", "c", "d"] {
      repository.makeDirectory(branch)
      repository.makeDirectory(branch + "/build")
      repository.makeDirectory(branch + "/src")
      repository.write(branch + "/src/main.c", [])
      repository.write(branch + "/src/main.o", [])
      repository.write(branch + "/.gitignore", bytes("!keep.o\n"))
      repository.write(branch + "/src/keep.o", [])
    }
    let result = Self.expectSameInEveryMode(
      ["-RA", "--gitignore"], ["."], in: repository.top, environment: repository.environment)
    #expect(result.exitStatus == 0)
    #expect(!result.outputText.contains("main.o"))
    #expect(result.outputText.contains("a/src/keep.o"))
  }

  /// A slow file system mounted below a fast operand: the walk begins by
  /// splitting, finds openings slow, and reads ahead with many helpers
  /// from there on, as the walk that read ahead from the start does; the
  /// rows and messages are the same.
  ///
  /// Several times over: where the two threads are when reads turn slow
  /// varies from run to run (a walk that claimed a subdirectory after it
  /// had numbered them for its prefetch listed some twice and others
  /// not at all, in about one run in five).
  @Test(.enabled(if: SlowFileSystem.unavailable == nil, "FUSE is not available"))
  func aSlowMountBelowIsReadAheadToo() {
    var random = SeededRandom(seed: 21)
    let tree = RandomTree(&random, entries: 300)
    for directory in 0..<30 {
      Self.makeDirectories("wide/d\(directory)/inner", in: tree.root)
      tree.root.file("wide/d\(directory)/inner/file")
      tree.root.directory("wide/d\(directory)/lost")
    }
    let slow = SlowFileSystem(over: tree.root.path, failing: ["lost"])
    let parent = String(slow.mountPoint.dropLast("/mount".count))
    for _ in 0..<2 {
      for options in [["-RA"], ["-RAl"], ["-RA", "--json"]] {
        let result = Self.expectSameInEveryMode(
          options, ["."], in: parent, environment: Programs.cLocale)
        #expect(result.exitStatus == 1, "\(options): \(result)")
        #expect(
          result.errorText.contains("cannot open directory './mount/wide/d7/lost'"), "\(options)")
      }
    }
    guard access("/usr/bin/strace", X_OK) == 0 else { return }
    // Helpers began: more threads than the worker.
    let traced = runProcess(
      "strace",
      ["-f", "-e", "trace=clone3,clone", "-o", "/dev/stdout", Programs.lsrows, "-RA", parent]
        .map(bytes), environment: ["LSROWS_SUBTREES": nil])
    #expect(traced.outputText.split(separator: "\n").filter { $0.contains("clone") }.count > 2)
  }
}

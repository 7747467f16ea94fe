import Glibc
import Testing

/// Listings over a file system that answers each getattr and directory
/// read after 0.5 ms (``SlowFileSystem``), where the walk keeps many reads
/// in flight: the rows, their order, the messages and the exit status are
/// those of the same tree read from the local disk, and ls's.
@Suite(.enabled(if: SlowFileSystem.unavailable == nil, "FUSE is not available"))
struct SlowFileSystemTests {
  @Test(
    arguments: [
      ["-RA"], ["-RAl"], ["-RA", "-i"], ["-RA", "--sort-by=-size"], ["-RA", "-t"],
      ["-RA", "--where", "size > 3"], ["-RA", "--format", "{tree_entries}\t{tree_size}\t{path}"],
      ["-RA", "--limit=9"], ["-RA", "--json", "--fields=path,size,type"],
      ["-R", "-U", "--type=d"],
    ])
  func listsAsTheLocalDisk(options: [String]) {
    var random = SeededRandom()
    let tree = RandomTree(&random, entries: 600)
    let slow = SlowFileSystem(over: tree.root.path)
    let arguments = options.map(bytes)
    let local = lsrows(arguments, in: tree.root.path, environment: Programs.cLocale)
    let remote = lsrows(arguments, in: slow.mountPoint, environment: Programs.cLocale)
    #expect(local.exitStatus == 0, "\(random): \(local)")
    #expect(remote == local, "\(random)")
  }

  /// ls's options, with `-R`, compared with ls over the same slow mount.
  @Test func randomCombinationsMatchLs() {
    let root = TemporaryDirectory.lsOptions()
    let slow = SlowFileSystem(over: root.path)
    var random = SeededRandom()
    var failures = 0
    for _ in 0..<max(1, LsCombinationTests.count / 10) {
      let (options, operands, environment) = LsCombinationTests.combination(
        &random, operands: TemporaryDirectory.lsOperands)
      var comparison = LsComparison()
      comparison.environment = environment
      if let difference = comparison.differences(
        options: ["-R"] + options, operands: operands, in: slow.mountPoint + "/top")
      {
        Issue.record(Comment(rawValue: "\(random): \(environment) \(difference)"))
        failures += 1
        if failures == 5 { break }
      }
    }
  }

  /// Large directories statted at once, with more parts than spare threads.
  ///
  /// Each takes what is spare, and more threads join it as others finish;
  /// the rows and messages are still ls's, in ls's order.
  @Test(arguments: [["-RAl"], ["-RAS"]])
  func largeDirectoriesSharingThreadsListAsLs(options: [String]) {
    let root = Self.largeDirectories()
    let slow = SlowFileSystem(over: root.path, failing: ["lost", "broken"])
    let difference = LsComparison().differences(options: options, in: slow.mountPoint + "/top")
    #expect(difference == nil, "\(difference ?? "")")
  }

  /// One large directory, not walked: opening it was slow, so its statuses
  /// are read on many threads, and the rows and messages are ls's.
  @Test(arguments: [["-Al"], ["-AS"], ["-At", "--full-time"], ["-Al", "-U"]])
  func oneLargeDirectoryListsAsLs(options: [String]) {
    let root = Self.largeDirectories()
    let slow = SlowFileSystem(over: root.path, failing: ["lost", "broken"])
    let difference = LsComparison().differences(
      options: options, in: slow.mountPoint + "/top/d4")
    #expect(difference == nil, "\(difference ?? "")")
  }

  /// Six directories of 200 entries, every twentieth a symlink, and two
  /// names in `top/d4` for the server to fail.
  static func largeDirectories() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("top")
    for directory in 0..<6 {
      root.directory("top/d\(directory)")
      for file in 0..<200 {
        let name = "top/d\(directory)/f\(file)"
        if file % 20 == 0 {
          // Targets, which each thread keeps until its part is merged.
          root.symlink(name, to: "t\(file)")
        } else {
          root.file(name, contents: String(repeating: "x", count: file))
        }
      }
    }
    root.file("top/d4/lost")
    root.file("top/d4/broken")
    return root
  }

  /// A server that fails some requests with EIO: ls's messages and exit
  /// status, and every other entry listed.
  @Test(arguments: [["-R"], ["-RA"], ["-RAl"], ["-RAS"]])
  func failedRequestsAreReportedAsLs(options: [String]) {
    let root = TemporaryDirectory()
    for directory in ["top", "top/a", "top/a/lost", "top/b", "top/b/c", "top/d"] {
      root.directory(directory)
    }
    for file in ["top/a/f", "top/a/lost/g", "top/b/broken", "top/b/c/h", "top/d/i", "top/j"] {
      root.file(file)
    }
    let slow = SlowFileSystem(over: root.path, failing: ["lost", "broken"])
    let difference = LsComparison().differences(options: options, in: slow.mountPoint + "/top")
    #expect(difference == nil, "\(difference ?? "")")
    let listed = lsrows(options.map(bytes), in: slow.mountPoint + "/top")
    #expect(listed.exitStatus != 0)
    for name in ["a/f", "b/c/h", "d/i", "j"] {
      #expect(listed.outputText.contains(name), "\(name) is listed")
    }
  }
}

import Glibc
import Testing

/// A tree that loses directories while `lsrows -R -l` walks it.
///
/// A reader drains the output a little at a time, so lsrows blocks on the pipe
/// mid-walk, and after each read deletes directories from the far end of
/// the tree, until the deletions meet the walk.
@Suite struct ConcurrentDeletionTests {
  /// More directories than the walk can get ahead of the reader: the pipe,
  /// the output buffer and the queue between lsrows's threads held about
  /// 2,600 of them when measured, so deletions from the far end meet it.
  static let directoryCount = 4000

  static func wideTree() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    let script = """
      import os, sys
      os.chdir(sys.argv[1])
      for d in range(int(sys.argv[2])):
          os.makedirs("top/d%04d" % d)
          open("top/d%04d/file-with-a-longish-name" % d, "w").close()
      """
    let made = runProcess(
      "python3",
      [bytes("-c"), bytes(script), bytes(root.path), bytes(String(directoryCount))])
    precondition(made.exitStatus == 0, "cannot make the fixture: \(made.errorText)")
    return root
  }

  /// Prints lsrows's exit status (negative for a signal) after the walk.
  static let slowReaderAndDeleter = """
    import shutil, subprocess, sys
    lsrows, chunk, per_read = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    victims = sys.argv[4:]
    with open("out", "wb") as out, open("err", "wb") as err:
        child = subprocess.Popen([lsrows, "-R", "-l", "top"], stdout=subprocess.PIPE, stderr=err)
        while victims:
            out.write(child.stdout.read(chunk))
            for victim in victims[:per_read]:
                shutil.rmtree(victim)
            victims = victims[per_read:]
        out.write(child.stdout.read())
        print(child.wait())
    """

  @Test(arguments: [1024, 16384])
  func deletedDirectoriesAreReportedAndTheRestListed(readSize: Int) {
    let root = Self.wideTree()
    let before = TreeOracle().rows(of: root.path("top"))
    #expect(before.count == 2 * Self.directoryCount)
    // Every other directory, from the last.
    let victims = stride(from: Self.directoryCount - 1, to: 0, by: -2).map { number in
      "d" + String(String(number + 10_000).dropFirst())
    }
    let run = runProcess(
      "env",
      [
        bytes("-C"), bytes(root.path), bytes("python3"), bytes("-c"),
        bytes(Self.slowReaderAndDeleter), bytes(Programs.lsrows), bytes(String(readSize)),
        bytes(String(max(1, readSize / 512))),
      ] + victims.map { bytes("top/" + $0) },
      // The walk a local disk gets, whose reads stay near the writing:
      // counted slow, 64 helpers would read every directory before the
      // first deletion.
      environment: Programs.cLocale.merging(["LSROWS_SLOW_READ_NS": nil]) { $1 })
    #expect(run.exitStatus == 0, "\(run)")
    let status = Int(run.outputText.split(separator: "\n").first ?? "")
    let errors = String(decoding: readFile(root.path + "/err"), as: UTF8.self)
    // Some directories went before the walk reached them: a minor problem, as ls.
    #expect(status == 1, "lsrows ended with \(status.map(String.init) ?? "?")")
    #expect(!errors.isEmpty)

    // Rows: in the oracle's order; every directory's own row (read before
    // the deletions began); everything outside the victims.
    let rows = splitRows(readFile(root.path + "/out"))
    let paths = rows.map { row in row.split(separator: 0x20).last.map(Array.init) ?? [] }
    #expect(rows.allSatisfy { $0.first == UInt8(ascii: "-") || $0.first == UInt8(ascii: "d") })
    let listed = Set(paths)
    #expect(before.filter(listed.contains) == paths)
    let victimNames = Set(victims.map(bytes))
    let missing = before.filter { !listed.contains($0) }
    #expect(!missing.isEmpty)
    #expect(missing.allSatisfy { $0.count > 5 && victimNames.contains(Array($0.prefix(5))) })

    // Messages: only about what vanished, in ls's words.
    for line in errors.split(separator: "\n") {
      let vanished = victims.contains { victim in
        line.hasPrefix("lsrows: cannot access 'top/\(victim)/")
          || line.hasPrefix("lsrows: cannot open directory 'top/\(victim)'")
      }
      #expect(vanished && line.hasSuffix("': No such file or directory"), "\(line)")
    }
  }

  /// A directory removed after lsrows opened it has no more entries, and
  /// that is no error: as ls, which coreutils tests with a removed working
  /// directory.
  @Test(arguments: [[], ["-R", "-l"], ["-a"], ["-U"]])
  func aRemovedWorkingDirectoryListsAsEmpty(flags: [String]) {
    let root = TemporaryDirectory()
    let script = "cd \"$1\" && mkdir gone && cd gone && rmdir ../gone && shift && exec \"$@\""
    func run(_ program: String) -> ProcessResult {
      runProcess(
        "bash",
        [bytes("-c"), bytes(script), bytes("bash"), bytes(root.path), bytes(program)]
          + flags.map(bytes), environment: Programs.cLocale)
    }
    let ours = run(Programs.lsrows)
    let theirs = run("ls")
    #expect(ours.exitStatus == 0, "\(flags): \(ours)")
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(ours.standardError.isEmpty)
    if !flags.contains("-R") { #expect(ours.standardOutput == theirs.standardOutput) }
    #expect(!ours.outputText.contains("gone"))
  }
}

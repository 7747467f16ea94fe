import Glibc
import Testing

/// The walk's limits: depth, path length, descriptors, loops, permissions.
@Suite struct RecursiveLimitsTests {
  /// A chain of `depth` nested directories named `name`, a file at the bottom.
  ///
  /// Made with `mkdirat` and `openat`, one level at a time: a shell's `cd`
  /// re-checks the whole growing path at every level and takes minutes.
  func chain(depth: Int, name: String) -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("chain")
    var directory = open(root.path + "/chain", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    precondition(directory >= 0)
    for _ in 0..<depth {
      precondition(mkdirat(directory, name, 0o755) == 0, "mkdirat failed")
      let next = openat(directory, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      precondition(next >= 0, "openat failed")
      close(directory)
      directory = next
    }
    let file = openat(directory, "bottom", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
    precondition(file >= 0)
    close(file)
    close(directory)
    return root
  }

  @Test func tenThousandLevelsDeep() {
    let root = chain(depth: 10_000, name: "d")
    let result = lsrows("-R", "chain", in: root.path)
    #expect(result.exitStatus == 0)
    #expect(result.standardError.isEmpty)
    let rows = splitRows(result.standardOutput)
    #expect(rows.count == 10_001)
    #expect(
      rows.last == Array(repeating: bytes("d/"), count: 10_000).flatMap { $0 } + bytes("bottom"))
    // The same under a descriptor limit far below the depth.
    let limited = runProcess(
      "bash",
      [
        bytes("-c"), bytes("ulimit -n 64 && cd \"$2\" && exec \"$1\" -R chain"), bytes("bash"),
        bytes(Programs.lsrows), bytes(root.path),
      ])
    #expect(limited.exitStatus == 0, "\(limited.errorText)")
    #expect(Text(limited.standardOutput) == Text(result.standardOutput))
  }

  /// Memory follows the longest path, not the depth times the path: 2,000
  /// levels of 100-byte names are 200 MB of paths if each level holds its
  /// own, and fit in 100 MB of address space, lsrows and all.
  @Test(.enabled(if: Programs.sanitizer == nil, "a sanitizer maps far more memory"))
  func deepLongPathsFitInLittleMemory() {
    let depth = 2_000
    let name = String(repeating: "n", count: 100)
    let root = chain(depth: depth, name: name)
    let result = runProcess(
      "bash",
      [
        bytes("-c"),
        bytes("ulimit -v 100000 && cd \"$2\" && exec \"$1\" -RA --format '{name}' chain"),
        bytes("bash"), bytes(Programs.lsrows), bytes(root.path),
      ], environment: Programs.cLocale)
    #expect(result.exitStatus == 0, "\(result.errorText)")
    #expect(
      splitRows(result.standardOutput)
        == Array(repeating: bytes(name), count: depth) + [bytes("bottom")])
  }

  @Test func pathsLongerThanPathMax() {
    let name = String(repeating: "n", count: 200)
    let root = chain(depth: 30, name: name)
    for flags in [["-R"], ["-Rl"], ["-R", "--format", "{path} {size}"]] {
      let result = lsrows(flags.map(bytes) + [bytes("chain")], in: root.path)
      #expect(result.exitStatus == 0, "\(flags): \(result.errorText)")
      let rows = splitRows(result.standardOutput)
      #expect(rows.count == 31)
      #expect(rows.contains { $0.count > 6000 })
    }
  }

  @Test func fewDescriptorsAndATreeWideAndDeep() {
    // Deeper than the descriptor budget, with siblings left at every level,
    // so closed levels must be reopened to walk on.
    let root = TemporaryDirectory()
    let script = """
      cd "$1" && mkdir top && cd top
      for i in $(seq 1 40); do mkdir a b && : > b/file && cd a || exit 1; done
      """
    _ = runProcess("bash", [bytes("-c"), bytes(script), bytes("bash"), bytes(root.path)])
    let expected = TreeOracle().rows(of: root.path("top"))
    let limited = runProcess(
      "bash",
      [
        bytes("-c"), bytes("ulimit -n 16 && cd \"$2\" && exec \"$1\" -R top"), bytes("bash"),
        bytes(Programs.lsrows), bytes(root.path),
      ])
    #expect(limited.exitStatus == 0, "\(limited.errorText)")
    #expect(Text(limited.standardOutput) == Text(rowBytes(expected)))
    #expect(expected.count == 120)
  }

  @Test func symlinkLoopsWithDereferenceAreReportedAsLs() {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/sub")
    root.file("top/sub/f")
    root.symlink("top/sub/up", to: "..")
    root.symlink("top/self", to: ".")
    root.symlink("top/dangling", to: "missing")
    let ours = lsrows("-RL", "top", in: root.path)
    let theirs = ls("-RL", "top", in: root.path)
    #expect(ours.exitStatus == 2)
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(Text(ours.standardError) == Text(asLsrowsMessages(theirs.standardError)))
    #expect(ours.errorText.contains("lsrows: top/self: not listing already-listed directory\n"))
    #expect(
      splitRows(ours.standardOutput) == ["dangling", "self", "sub", "sub/f", "sub/up"].map(bytes))
  }

  @Test func vanishedEntryMidWalkIsReportedNotFatal() {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/sub")
    root.file("top/sub/\(FaultInjection.marker)")
    root.file("top/sub/kept")
    root.file("top/z")
    let result = lsrows(
      [bytes("-Rl"), bytes("top")], in: root.path,
      environment: ["LD_PRELOAD": FaultInjection.library])
    #expect(result.exitStatus == 1)
    #expect(
      result.errorText
        == "lsrows: cannot access 'top/sub/\(FaultInjection.marker)': No such file or directory\n")
    let names = splitRows(result.standardOutput).map {
      String(decoding: $0, as: UTF8.self).split(separator: " ").last.map(String.init) ?? ""
    }
    #expect(names == ["sub", "sub/\(FaultInjection.marker)", "sub/kept", "z"])
  }

  @Test func invalidMaxDepth() {
    for value in ["x", "-1", "", "1.5"] {
      let result = lsrows("--max-depth=\(value)")
      #expect(result.exitStatus == 1)
      #expect(result.errorText.hasPrefix("lsrows: invalid argument '\(value)' for '--max-depth'\n"))
      #expect(result.errorText.hasSuffix("Try 'lsrows --help' for more information.\n"))
    }
  }
}

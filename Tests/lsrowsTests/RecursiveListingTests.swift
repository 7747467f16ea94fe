import Glibc
import Testing

/// `-R`: sorted, self-contained path rows for whole trees, checked against
/// an oracle that walks the fixture itself.
@Suite struct RecursiveListingTests {
  func expectOracle(
    _ flags: [String], _ oracle: TreeOracle, in root: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = lsrows([bytes("-0")] + flags.map(bytes) + [bytes("top")], in: root.path)
    let expected = oracle.rows(of: root.path("top"))
    #expect(result.exitStatus == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(
      Text(result.standardOutput) == Text(rowBytes(expected, terminator: 0)),
      sourceLocation: sourceLocation)
    #expect(expected.count > 5, sourceLocation: sourceLocation)
  }

  @Test func rowsArePathsRelativeToTheOperandInPreOrder() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-R"], TreeOracle(), in: root)
    expectOracle(["--recursive"], TreeOracle(), in: root)
  }

  @Test func hiddenEntriesAsWithoutRecursion() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-RA"], TreeOracle(hidden: .almostAll), in: root)
    expectOracle(["-Ra"], TreeOracle(hidden: .all), in: root)
  }

  @Test(arguments: [0, 1, 2, 3, 5])
  func maxDepthLimitsTheLevels(depth: Int) {
    let root = TemporaryDirectory.nested()
    if depth == 0 {
      // Depth 0 is the operand itself, as find -maxdepth 0.
      #expect(lsrows("--max-depth", "0", "top", in: root.path).standardOutput == rowBytes(["top"]))
      return
    }
    expectOracle(["--max-depth", "\(depth)"], TreeOracle(maxDepth: depth), in: root)
    expectOracle(
      ["-R", "--max-depth=\(depth)", "-A"], TreeOracle(hidden: .almostAll, maxDepth: depth),
      in: root)
  }

  @Test func maxDepthOneIsAPlainListing() {
    let root = TemporaryDirectory.nested()
    #expect(
      lsrows("--max-depth", "1", "top", in: root.path).standardOutput
        == lsrows("top", in: root.path).standardOutput)
  }

  @Test func typeFiltersRowsButNotTheWalk() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-R", "--type=f"], TreeOracle(kinds: [UInt32(S_IFREG)]), in: root)
    expectOracle(
      ["-R", "--type=d,l"], TreeOracle(kinds: [UInt32(S_IFDIR), UInt32(S_IFLNK)]), in: root)
  }

  @Test func reverseAndDirectoryOrder() {
    let root = TemporaryDirectory.nested()
    expectOracle(["-Rr"], TreeOracle(reversed: true), in: root)
    expectOracle(["-RU"], TreeOracle(unsorted: true), in: root)
  }

  @Test func severalOperandsArePrefixed() {
    let root = TemporaryDirectory.nested()
    root.directory("other")
    root.file("other/x")
    let result = lsrows([bytes("-R0"), bytes("top"), bytes("other/")], in: root.path)
    let expected =
      TreeOracle().rows(of: root.path("other"), prefix: bytes("other/"))
      + TreeOracle().rows(of: root.path("top"), prefix: bytes("top/"))
    #expect(Text(result.standardOutput) == Text(rowBytes(expected, terminator: 0)))
  }

  @Test func pathAndDepthFieldsWork() {
    let root = TemporaryDirectory.nested()
    let result = lsrows("-R0", "--type=f", "--format", "{depth} {path}", "top", in: root.path)
    let rows = splitRows(result.standardOutput, terminator: 0).map {
      String(decoding: $0, as: UTF8.self)
    }
    #expect(rows.contains("1 top/file0"))
    // top holds six nested directories; "deepest" is in the last one.
    #expect(rows.contains { $0.hasPrefix("7 top/") && $0.hasSuffix("/deepest") }, "\(rows)")
  }

  @Test func symlinksAreListedNotFollowed() {
    let root = TemporaryDirectory.nested()
    let result = lsrows("-R", "top", in: root.path)
    #expect(splitRows(result.standardOutput).contains(bytes("link-to-top")))
    #expect(!splitRows(result.standardOutput).contains(bytes("link-to-top/file0")))
  }

  @Test func longRowsMatchLsPerDirectory() {
    let root = TemporaryDirectory()
    root.directory("top")
    root.directory("top/a")
    root.directory("top/a/b")
    root.file("top/x", contents: "12345")
    root.file("top/a/yy", contents: "1")
    root.file("top/a/b/zzz", contents: String(repeating: "z", count: 123_456))
    root.symlink("top/a/link", to: "yy")
    let ours = splitRows(lsrows("-lR", "top", in: root.path).standardOutput)
    let theirs = ls("-lR", "--time-style=long-iso", "top", in: root.path).outputText
    // ls prints a block per directory; each block's rows, with the
    // directory's relative path put before the name, must appear in
    // lsrows's rows in the same order.
    let time = try! Regex(#"\d{4}-\d\d-\d\d \d\d:\d\d "#)
    for block in theirs.split(separator: "\n\n") {
      var lines = block.split(separator: "\n").map(String.init)
      let header = lines.removeFirst().dropLast()
      lines.removeFirst()  // total
      let relative = header == "top" ? "" : String(header.dropFirst(4)) + "/"
      let expected = lines.map { line -> String in
        let match = line.firstMatch(of: time)!
        return String(line[..<match.range.upperBound]) + relative + line[match.range.upperBound...]
      }
      let mine = ours.map { String(decoding: $0, as: UTF8.self) }.filter { row in
        expected.contains(row)
      }
      #expect(mine == expected)
    }
    #expect(ours.count == 6)
  }
}

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
      environment: ["LD_PRELOAD": FaultInjection.vanishingLibrary])
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

/// Unreadable subdirectories, as an unprivileged user (CI runs as root).
@Suite(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
struct RecursivePermissionTests {
  @Test func unreadableSubdirectoryIsReportedAndTheRestListed() {
    let root = TemporaryDirectory()
    root.directory("bin")
    let binary = root.path + "/bin/lsrows"
    _ = runProcess("cp", [bytes(Programs.lsrows), bytes(binary)])
    root.directory("top")
    root.directory("top/locked")
    root.file("top/locked/secret")
    root.directory("top/open")
    root.file("top/open/visible")
    root.chmod("top/locked", 0o000)
    let asNobody = [
      bytes("--reuid=65534"), bytes("--regid=65534"), bytes("--clear-groups"), bytes("env"),
      bytes("-C"), bytes(root.path),
    ]
    let ours = runProcess(
      "setpriv", asNobody + [bytes(binary), bytes("-R"), bytes("top")],
      environment: Programs.cLocale)
    #expect(ours.exitStatus == 1)
    #expect(ours.standardOutput == rowBytes(["locked", "open", "open/visible"]))
    #expect(ours.errorText == "lsrows: cannot open directory 'top/locked': Permission denied\n")
    let theirs = runProcess(
      "setpriv", asNobody + [bytes("ls"), bytes("-R"), bytes("top")], environment: Programs.cLocale)
    #expect(theirs.exitStatus == 1)
    #expect(asLsrowsMessages(theirs.standardError) == ours.standardError)
  }
}

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

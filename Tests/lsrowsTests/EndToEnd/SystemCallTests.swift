import Glibc
import Testing

/// Which system calls a listing makes, counted with `strace -c`: options
/// that need no metadata make no per-entry call.
@Suite(.enabled(if: access("/usr/bin/strace", X_OK) == 0, "strace is not installed"))
struct SystemCallTests {
  /// Counts the calls lsrows makes, by name, for `arguments` and then
  /// `operands` (the fixture's directory unless given).
  func calls(
    _ arguments: [String], in directory: String, operands: [String]? = nil,
    input: [UInt8]? = nil
  ) -> [String: Int] {
    let report = directory + "/strace.out"
    _ = runProcess(
      "strace",
      [bytes("-f"), bytes("-c"), bytes("-o"), bytes(report), bytes(Programs.lsrows)]
        + arguments.map(bytes)
        + (operands ?? [directory + "/d"]).map(bytes),
      input: input)
    let text = (try? readText(report)) ?? ""
    return Self.countsByName(strace: text)
  }

  /// Reads `strace -c`'s table by its column names, not positions.
  ///
  /// The "errors" column is blank for calls that never failed, so fields shift.
  /// A count is right-aligned under "calls"; the name starts under "syscall".
  static func countsByName(strace text: String) -> [String: Int] {
    let lines = text.split(separator: "\n").map(Array.init)
    guard let header = lines.first(where: { String($0).contains("syscall") }),
      let callsEnd = columnEnd(of: "calls", in: header),
      let nameStart = columnEnd(of: "syscall", in: header).map({ $0 - "syscall".count })
    else { return [:] }
    var counts: [String: Int] = [:]
    for line in lines where line.count > nameStart && line != header {
      let name = String(line[nameStart...]).trimmingSpaces
      let callsField = String(line[..<min(callsEnd, line.count)]).split(separator: " ").last
      guard !name.isEmpty, !name.hasPrefix("-"), name != "total",
        let calls = callsField.flatMap({ Int($0) })
      else { continue }
      counts[name] = calls
    }
    return counts
  }

  /// Where the column titled `title` ends in the header line.
  private static func columnEnd(of title: String, in header: [Character]) -> Int? {
    let characters = Array(title)
    for start in 0...(header.count - characters.count)
    where Array(header[start..<start + characters.count]) == characters {
      let end = start + characters.count
      let atWordEnd = end == header.count || header[end] == " "
      let atWordStart = start == 0 || header[start - 1] == " "
      if atWordStart && atWordEnd { return end }
    }
    return nil
  }

  @Test func theStraceTableIsReadByColumnName() {
    let table = """
      % time     seconds  usecs/call     calls    errors syscall
      ------ ----------- ----------- --------- --------- ----------------
       60.00    0.000060           1        41         3 newfstatat
       40.00    0.000040          20         2           getdents64
      ------ ----------- ----------- --------- --------- ----------------
      100.00    0.000100           2        43         3 total
      """
    #expect(Self.countsByName(strace: table) == ["newfstatat": 41, "getdents64": 2])
  }

  func readText(_ path: String) throws -> String {
    let result = runProcess("cat", [bytes(path)])
    return result.outputText
  }

  func fixture(files: Int, directories: Int) -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("d")
    for index in 0..<files { root.file("d/file\(index)") }
    for index in 0..<directories { root.directory("d/dir\(index)") }
    return root
  }

  /// Runs lsrows with `arguments` under `strace -f -e trace=CALLS`, the
  /// trace written in `directory`, with `injecting` as strace's
  /// `-e inject=` if given and `environment` set for lsrows alone (through
  /// `env`, so that a preloaded library is not strace's): the lines of the
  /// trace, what lsrows wrote, and how it exited.
  func trace(
    _ calls: String, _ arguments: [String], in directory: String, injecting: String? = nil,
    environment: [String] = []
  ) -> (lines: [Substring], output: [UInt8], exitStatus: Int32?) {
    let report = directory + "/trace.out"
    let injection = injecting.map { ["-e", "inject=" + $0] } ?? []
    let command = (environment.isEmpty ? [] : ["env"] + environment) + [Programs.lsrows]
    let result = runProcess(
      "strace",
      (["-f", "-e", "trace=" + calls] + injection + ["-o", report] + command + arguments)
        .map(bytes))
    return (
      ((try? readText(report)) ?? "").split(separator: "\n"), result.standardOutput,
      result.exitStatus
    )
  }

  /// How many times lsrows opens something in the fixture for
  /// `arguments`: the files glibc opens for itself (the processor count
  /// when many threads start, as on a machine so loaded that the walk
  /// finds its reads slow) are not counted.
  func fixtureOpens(_ arguments: [String], in directory: String) -> Int {
    let lines = trace("open,openat", arguments + [directory + "/d"], in: directory).lines
    return lines.filter { line in
      guard line.contains("open"), let quote = line.firstIndex(of: "\"") else { return false }
      let path = line[line.index(after: quote)...]
      return !path.hasPrefix("/") || path.hasPrefix(directory + "/")
    }.count
  }

  func statCalls(_ counts: [String: Int]) -> Int {
    ["newfstatat", "fstatat64", "statx", "lstat", "stat"].reduce(0) { $0 + (counts[$1] ?? 0) }
  }

  @Test func aNameListingMakesNoPerEntryCall() {
    let small = fixture(files: 10, directories: 0)
    let large = fixture(files: 2000, directories: 0)
    for flags in [
      [String](), ["-U"], ["-a", "-r"], ["--format", "{name}{ext}{depth}{path}{stem}{parent}"],
      ["--where", "name ~ 'file1*' or path ~ '*/file2*'"], ["--where", "type == file"],
      ["--sort-by", "-name,ext"], ["-R", "--prune", "dir*", "--min-depth", "1"],
      ["--where", "name =~ '^file1' or path =~ '/file2[0-9]*$'"],
      ["--where", "lower(name) ~ 'FILE*' or lower(stem) =~ 'x$'"],
      ["-R", "--prune", "d/dir1", "--prune-where", "name =~ '^dir2'"],
      ["--json", "--fields=name,path,ext,depth,stem,parent"], ["--csv", "--fields=path"],
    ] {
      let few = calls(flags, in: small.path)
      let many = calls(flags, in: large.path)
      #expect(statCalls(few) == statCalls(many), "\(flags)")
      #expect(many["getdents64"] ?? 0 >= 2)
      #expect(many["readlink"] ?? 0 == few["readlink"] ?? 0)
    }
  }

  /// Each entry's `statx` asks for what the options read and no more, so
  /// that NFS and FUSE revalidate only that; ls 9.1 asks the same, but
  /// for `-l`'s blocks, which feed the "total" line lsrows leaves out.
  @Test(arguments: [
    (["-S"], "STATX_TYPE|STATX_MODE|STATX_SIZE"),
    (["-t"], "STATX_TYPE|STATX_MODE|STATX_MTIME"),
    (["-tu"], "STATX_TYPE|STATX_MODE|STATX_ATIME"),
    (["-l"], "STATX_TYPE|STATX_MODE|STATX_NLINK|STATX_UID|STATX_GID|STATX_MTIME|STATX_SIZE"),
    (
      ["-ls", "--time=ctime"],
      "STATX_TYPE|STATX_MODE|STATX_NLINK|STATX_UID|STATX_GID|STATX_CTIME|STATX_SIZE|STATX_BLOCKS"
    ),
    (["-i"], "STATX_TYPE|STATX_MODE|STATX_INO"),
    (["-F"], "STATX_TYPE|STATX_MODE"),
    (["--format", "{btime} {user}"], "STATX_TYPE|STATX_MODE|STATX_UID|STATX_GID|STATX_BTIME"),
    (
      ["--where", "links > 1", "--sort-by", "blocks"],
      "STATX_TYPE|STATX_MODE|STATX_NLINK|STATX_BLOCKS"
    ),
    (["--json"], "STATX_ALL"),
    (
      ["--format", "{tree_size}"],
      "STATX_TYPE|STATX_MODE|STATX_NLINK|STATX_MTIME|STATX_INO|STATX_SIZE|STATX_BLOCKS"
    ),
  ])
  func entriesAreAskedOnlyForTheFieldsShown(arguments: [String], fields: String) {
    let root = fixture(files: 3, directories: 0)
    let lines = trace("statx", arguments + [root.path + "/d"], in: root.path).lines
    let onEntries = lines.filter { $0.contains("statx(") && $0.contains(#", "file"#) }
    #expect(onEntries.count == 3, "\(arguments): \(lines)")
    for call in onEntries {
      #expect(call.contains("AT_SYMLINK_NOFOLLOW, \(fields), {"), "\(arguments): \(call)")
    }
  }

  @Test func longFormatStatsEveryEntryOnce() {
    let small = fixture(files: 10, directories: 0)
    let large = fixture(files: 2000, directories: 0)
    let difference =
      statCalls(calls(["-l"], in: large.path)) - statCalls(calls(["-l"], in: small.path))
    #expect(difference == 1990)
  }

  /// Operands are statted once when they are resolved; a long row uses
  /// that status instead of reading it again.
  @Test func longRowsOfOperandsStatEachOnce() {
    let small = fixture(files: 10, directories: 0)
    let large = fixture(files: 200, directories: 0)
    func operands(_ root: TemporaryDirectory, _ count: Int) -> [String] {
      (0..<count).map { root.path + "/d/file\($0)" }
    }
    let listed =
      statCalls(calls(["-l"], in: large.path, operands: operands(large, 200)))
      - statCalls(calls(["-l"], in: small.path, operands: operands(small, 10)))
    #expect(listed == 190)
    func fromInput(_ root: TemporaryDirectory, _ count: Int) -> [String: Int] {
      let input: [UInt8] = operands(root, count).flatMap { bytes($0) + [UInt8(0)] }
      return calls(["-l", "--files0-from=-"], in: root.path, operands: [], input: input)
    }
    #expect(statCalls(fromInput(large, 200)) - statCalls(fromInput(small, 10)) == 190)
  }

  /// The runtime's own way to the arguments read `/proc/self/maps` before
  /// `main`; lsrows takes them from glibc instead (`ProcessArguments`).
  @Test(
    .disabled(
      if: Programs.sanitizer != nil,
      "a sanitizer's runtime reads /proc/self/maps itself, and LeakSanitizer stops under ptrace"
    ))
  func startingUpOpensNoProcFile() {
    let root = fixture(files: 1, directories: 0)
    let traced = trace("open,openat", ["--", "-x y", root.path + "/d"], in: root.path)
    #expect(traced.exitStatus == 2)
    let opened = traced.lines.joined(separator: "\n")
    #expect(opened.contains(root.path + "/d"))
    #expect(!opened.contains("/proc/"), "\(opened)")
  }

  /// `entries` in a walk: each directory is read once, by the walk, which
  /// counts it as it reads it.
  @Test func entriesReadNoDirectoryTwice() {
    let root = fixture(files: 10, directories: 50)
    for index in 0..<50 { root.file("d/dir\(index)/inner") }
    let plain = calls(["-R"], in: root.path)
    let counted = calls(["-R", "--where", "entries == 0"], in: root.path)
    #expect(counted["getdents64"] == plain["getdents64"])
    #expect(statCalls(counted) == statCalls(plain))
    let opened = fixtureOpens(["-R"], in: root.path)
    #expect(fixtureOpens(["-R", "--where", "entries == 0"], in: root.path) == opened)
    #expect(opened == 51)
  }

  /// A walk asks for each directory it enters only its device and inode.
  ///
  /// The kernel answers from what it holds: on NFS or FUSE a full status
  /// of the directory is a round trip to the server. The operand's whole
  /// status is read once: its round trip tells a slow file system.
  @Test func enteredDirectoriesAreIdentifiedWithoutAskingTheServer() {
    let root = fixture(files: 3, directories: 20)
    for index in 0..<20 { root.directory("d/dir\(index)/inner") }
    for arguments in [["-R"], ["-RA", "--sort-by=-size"], ["-RL"]] {
      let lines = trace("statx", arguments + [root.path + "/d"], in: root.path).lines
      let onDescriptors = lines.filter { $0.contains("statx(") && $0.contains(#", "", "#) }
      // The operand, then its 20 subdirectories and theirs.
      #expect(onDescriptors.count >= 41, "\(arguments): \(lines)")
      #expect(onDescriptors.first?.contains("AT_STATX_DONT_SYNC") == false, "\(arguments)")
      for call in onDescriptors.dropFirst() {
        #expect(
          call.contains("AT_STATX_DONT_SYNC") && call.contains(", STATX_INO,"),
          "\(arguments): \(call)")
      }
    }
  }

  /// With a directory to list, lsrows looks at nothing else: not its
  /// working directory, which may be on a slow server.
  @Test func theWorkingDirectoryIsNotLookedAt() {
    let root = fixture(files: 3, directories: 2)
    for arguments in [[], ["-l"], ["-R"]] {
      let lines = trace("%stat,%file", arguments + [root.path + "/d"], in: root.path).lines
      let onWorkingDirectory = lines.filter {
        $0.contains("AT_FDCWD, \".\"") || $0.contains("(\".\"")
      }
      #expect(lines.contains { $0.contains("openat") }, "\(arguments): \(lines)")
      #expect(onWorkingDirectory.isEmpty, "\(arguments): \(onWorkingDirectory)")
    }
  }

  /// Without `statx`, each status is one `fstatat`, with the same output.
  ///
  /// Where the kernel has none (before 4.11, or a sandbox hides it), the
  /// first call says so. glibc's own `statx` would answer each call by
  /// trying `statx` and then `fstatat`.
  @Test(
    .disabled(
      if: Programs.sanitizer != nil, "LeakSanitizer stops under ptrace, and the exit status with it"
    ))
  func withoutStatxEachStatusIsOneFstatat() {
    let root = fixture(files: 30, directories: 3)
    root.file("d/sized", contents: "twelve bytes")
    root.symlink("d/link", to: "sized")
    root.fifo("d/fifo")
    let operand = root.path + "/d"
    for arguments in [
      ["-l", "--time-style=full-iso"], ["-lR"], ["-S"], ["-t", "-R"], ["-F"],
      ["--json", "--fields=name,size,mtime,links,inode,mode,uid"],
    ] {
      let expected = lsrows((arguments + [operand]).map(bytes))
      let traced = trace(
        "statx,newfstatat", arguments + [operand], in: root.path, injecting: "statx:error=ENOSYS")
      #expect(traced.exitStatus == 0, "\(arguments)")
      #expect(traced.output == expected.standardOutput, "\(arguments)")
      let onFixture = traced.lines.filter { $0.contains(operand) || !$0.contains("\"/") }
      let statxCalls = onFixture.filter { $0.contains("statx(") }
      let fstatatCalls = onFixture.filter { $0.contains("newfstatat(") }
      // One thread or a few may ask before the first answer is known.
      #expect(!statxCalls.isEmpty && statxCalls.count <= 4, "\(arguments): \(statxCalls)")
      #expect(fstatatCalls.count >= 30, "\(arguments): \(onFixture)")
    }
  }

  /// Without `listxattrat`, each ACL is asked by path, with the same output.
  ///
  /// Where the kernel has none (before 6.13), the first call says so, and
  /// `-l` lists attributes by each entry's path instead.
  @Test(
    .disabled(
      if: Programs.sanitizer != nil, "LeakSanitizer stops under ptrace, and the exit status with it"
    ))
  func withoutListxattratEachACLIsAskedByPath() {
    let root = fixture(files: 5, directories: 2)
    root.file("d/with-acl")
    root.addAccessControlList("d/with-acl")
    root.addAccessControlList("d/dir0")
    root.symlink("d/link", to: "with-acl")
    let operand = root.path + "/d"
    let withoutListxattrat = [
      "LD_PRELOAD=" + FaultInjection.library, FaultInjection.noListxattratVariable + "=1",
    ]
    for arguments in [["-l"], ["-lR"], ["-lL"], ["-lRA", "--time-style=full-iso"]] {
      let expected = lsrows((arguments + [operand]).map(bytes))
      #expect(expected.outputText.contains("+ "), "\(arguments): \(expected.outputText)")
      let traced = trace(
        "listxattr,llistxattr", arguments + [operand], in: root.path,
        environment: withoutListxattrat)
      #expect(traced.exitStatus == 0, "\(arguments)")
      #expect(Text(traced.output) == Text(expected.standardOutput), "\(arguments)")
      let byPath = traced.lines.filter { $0.contains("listxattr(\"" + operand) }
      #expect(byPath.count >= 8, "\(arguments): \(byPath)")
    }
  }

  @Test func classifyStatsOnlyRegularFiles() {
    let root = fixture(files: 10, directories: 1000)
    let baseline = statCalls(calls([], in: root.path))
    #expect(statCalls(calls(["-F"], in: root.path)) - baseline == 10)
    #expect(statCalls(calls(["--type=d"], in: root.path)) == baseline)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// `--gitignore` reads each entered directory's `.gitignore` once, and
/// without it nothing git-related is looked at.
@Suite(.enabled(if: access("/usr/bin/strace", X_OK) == 0, "strace is not installed"))
struct GitIgnoreSystemCallTests {
  /// The lines of `strace -f -e trace=%file` that name `name`.
  func fileCalls(naming name: String, _ arguments: [String], in directory: String) -> [String] {
    let report = directory + "/../strace.out"
    _ = runProcess(
      "strace",
      ["-f", "-e", "trace=%file", "-o", report, Programs.lsrows].map(bytes)
        + arguments.map(bytes),
      environment: ["HOME": directory, "GIT_CONFIG_NOSYSTEM": "1", "XDG_CONFIG_HOME": nil])
    let text = String(decoding: readFile(report), as: UTF8.self)
    return text.split(separator: "\n").map(String.init).filter { $0.contains("\"\(name)") }
  }

  @Test func eachIgnoreFileIsReadOnceAndOnlyWithTheOption() {
    let root = TemporaryDirectory()
    root.directory("repo")
    root.directory("repo/.git")
    root.file("repo/.git/HEAD", contents: "ref: refs/heads/main\n")
    root.file("repo/.gitignore", contents: "ignored/\n")
    for directory in ["a", "a/b", "c", "ignored", "ignored/deep"] {
      root.directory("repo/" + directory)
      root.file("repo/" + directory + "/.gitignore", contents: "x\n")
    }
    let top = root.path + "/repo"
    // Without the option, `.git` is a directory like any other: listed
    // and, with -RA, entered; nothing in it or named .gitignore is opened.
    let without = fileCalls(naming: ".git", ["-RA", top], in: top)
      .filter { !$0.contains("O_DIRECTORY") }
    #expect(without.isEmpty, "\(without)")
    let with = fileCalls(naming: ".gitignore", ["-RA", "--gitignore", top], in: top)
      .filter { $0.contains("open") }
    // The top, a, a/b and c: ignored/ is not entered.
    #expect(with.count == 4, "\(with)")
  }
}

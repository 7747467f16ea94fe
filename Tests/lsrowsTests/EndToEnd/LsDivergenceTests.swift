import Glibc
import Testing

/// The differences from ls that a randomized comparison found, each as the
/// case that showed it; the one kept on purpose; and the formats refused.
@Suite struct LsDivergenceTests {
  /// 1. `--time=atime` (and the others but mtime) without `-l` and without
  /// a sort option sorts by that time, newest first, as ls decides.
  @Test(arguments: [
    ["--time=atime"], ["--time=access"], ["--time=use"], ["-u"], ["--time=ctime"], ["-c"],
    ["--time=status"], ["--time=atime", "-l"], ["-u", "-l"], ["-u", "-S"],
  ])
  func aTimeOtherThanModificationSortsWithoutLongRows(options: [String]) {
    let root = TemporaryDirectory()
    root.file("a")
    root.file("b")
    root.setTimes("a", seconds: 2_000_000_000, nanoseconds: 0, accessSeconds: 1_000_000_000)
    root.setTimes("b", seconds: 1_000_000_000, nanoseconds: 0, accessSeconds: 2_000_000_000)
    let ours = lsrows(options.map(bytes), in: root.path)
    let sorted = !options.contains("-l") && !options.contains("-S")
    let accessOrder = options.contains {
      ["--time=atime", "--time=access", "--time=use", "-u"].contains($0)
    }
    if sorted && accessOrder {
      #expect(ours.outputText == "b\na\n", "\(options)")
    } else if !options.contains("-l") {
      #expect(splitRows(ours.standardOutput).count == 2)
    }
    #expect(LsComparison().differences(options: options, in: root.path) == nil)
  }

  /// 1 (continued) and 6: as uid 65534 in a directory it can read but not
  /// search, a sort by time needs the status ls cannot read, and
  /// `--group-directories-first` looks at each symlink: both report
  /// `cannot access` and exit 1, as ls.
  @Test(
    .enabled(if: getuid() == 0, "setpriv needs root to change user"),
    arguments: [["--time=atime"], ["-c"], ["--group-directories-first"], ["-t"]])
  func whatLsStatsInAnUnsearchableDirectoryIsReported(options: [String]) {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("H")
    root.file("H/f")
    root.symlink("H/l", to: "f")
    root.chmod("H", 0o744)
    var comparison = LsComparison()
    comparison.lsrowsBinary = binary
    comparison.asNobody = true
    #expect(comparison.differences(options: options, operands: ["H"], in: root.path) == nil)
    let ours = runProcess(
      "setpriv",
      [
        bytes("--reuid=65534"), bytes("--regid=65534"), bytes("--clear-groups"), bytes(binary),
        bytes(root.path + "/H"),
      ] + options.map(bytes), environment: Programs.cLocale)
    #expect(ours.exitStatus == 1)
    #expect(ours.errorText.contains("cannot access '\(root.path)/H/l': Permission denied"))
  }

  /// 2. `--zero` turns quoting off and shows control characters, whatever
  /// quoting option came before it; one after it still counts.
  @Test func zeroAfterAQuotingOptionWritesNamesAsTheyAre() {
    let root = TemporaryDirectory()
    root.file("a\nb")
    for options in [
      ["-b", "--zero"], ["-Q", "--zero"], ["-q", "--zero"], ["--quoting-style=c", "--zero"],
    ] {
      let ours = lsrows(options.map(bytes), in: root.path)
      #expect(ours.standardOutput == bytes("a\nb") + [0], "\(options)")
      #expect(LsComparison().differences(options: options, in: root.path) == nil)
    }
    let after = lsrows("--zero", "-b", in: root.path)
    #expect(after.standardOutput == bytes("a\\nb") + [0])
    #expect(LsComparison().differences(options: ["--zero", "-b"], in: root.path) == nil)
  }

  /// 3. With several directories, each directory's columns are sized on
  /// their own, as ls sizes them.
  @Test func eachDirectorySizesItsOwnColumns() {
    let root = TemporaryDirectory()
    root.directory("a")
    root.directory("b")
    root.sizedFile("a/big", size: 1_099_511_627_775)
    root.file("b/x")
    let ours = lsrows("-l", "a", "b", in: root.path)
    let rows = splitRows(ours.standardOutput).map { String(decoding: $0, as: UTF8.self) }
    #expect(rows.count == 2)
    // b/x's size is not padded to the width of a/big's.
    #expect(rows.last.map { $0.contains(" 0 ") && !$0.contains("  0 ") } == true, "\(rows)")
    for options in [["-l"], ["-n"], ["-ls"], ["-li"], ["-s"], ["-i"], ["-lZ"], ["-lR"]] {
      #expect(
        LsComparison().differences(options: options, operands: ["a", "b"], in: root.path) == nil)
    }
  }

  /// 4. `-L` and links that cannot be followed, as ls: listed without a
  /// word unless something needs their status; then reported, named as ls
  /// names them (no `./` for the entries of `.`); as an operand, an error
  /// and not listed.
  @Test func danglingLinksUnderDereference() {
    let root = TemporaryDirectory()
    root.symlink("dang", to: "nowhere")
    root.file("f")
    let plain = lsrows("-L", in: root.path)
    #expect(plain.outputText == "dang\nf\n")
    #expect(plain.exitStatus == 0)
    #expect(plain.errorText == "")
    let classified = lsrows("-L", "-F", in: root.path)
    #expect(classified.outputText == "dang@\nf\n")
    #expect(classified.exitStatus == 1)
    #expect(classified.errorText == "lsrows: cannot access 'dang': No such file or directory\n")
    let operand = lsrows("-L", "dang", in: root.path)
    #expect(operand.outputText == "")
    #expect(operand.exitStatus == 2)
    for (options, operands) in [
      (["-L"], []), (["-L", "-F"], []), (["-L", "-l"], []), (["-L", "-l"], ["."]),
      (["-L", "-l"], ["./"]), (["-L", "-i"], []), (["-L", "-R"], []), (["-L"], ["dang"]),
      (["-L", "-F"], ["dang", "f"]), (["-H"], ["dang"]),
    ] as [([String], [String])] {
      #expect(
        LsComparison().differences(options: options, operands: operands, in: root.path) == nil)
    }
  }

  /// 5. No PATH and a working directory that cannot be read: ls only reads
  /// `.`, so it cannot open it; with `-d` or `.` named, it cannot access it.
  @Test(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
  func unreadableWorkingDirectory() {
    let root = TemporaryDirectory()
    let binary = reachableLsrows(in: root)
    root.directory("locked", mode: 0o000)
    var comparison = LsComparison()
    comparison.lsrowsBinary = binary
    comparison.asNobody = true
    let here = root.path + "/locked"
    for (options, operands) in [([], []), (["-l"], []), (["-d"], []), ([], ["."])]
      as [([String], [String])]
    {
      #expect(comparison.differences(options: options, operands: operands, in: here) == nil)
    }
    // Root enters the directory; the unprivileged user then cannot read it.
    let ours = runProcess(
      "env",
      [
        bytes("-C"), bytes(here), bytes("setpriv"), bytes("--reuid=65534"), bytes("--regid=65534"),
        bytes("--clear-groups"), bytes(binary),
      ], environment: Programs.cLocale)
    #expect(ours.errorText == "lsrows: cannot open directory '.': Permission denied\n")
    #expect(ours.exitStatus == 2)
  }

  /// Kept on purpose: `--classify=never` after `-F` turns the indicators
  /// off, as the word says; ls 9.1 keeps what `-F` turned on.
  @Test func classifyNeverAfterClassifyTurnsIndicatorsOff() {
    let root = TemporaryDirectory()
    root.directory("d")
    let ours = lsrows("-F", "--classify=never", in: root.path)
    #expect(ours.outputText == "d\n")
    let theirs = ls("-1", "-F", "--classify=never", in: root.path)
    #expect(theirs.outputText == "d/\n", "ls 9.1 keeps the indicator; if this fails, ls changed")
  }

  /// The multi-column formats and --dired: refused with one clear message
  /// and ls's status for bad usage, before anything is listed.
  @Test(arguments: [
    (["-C"], "'-C' asks for columns"), (["-x"], "'-x' asks for rows across"),
    (["-m"], "'-m' asks for a comma-separated list"),
    (["--format=across"], "'--format=across' asks for rows across"),
    (["--format=horizontal"], "'--format=horizontal' asks for rows across"),
    (["--format=commas"], "'--format=commas' asks for a comma-separated list"),
    (["--format=vertical"], "'--format=vertical' asks for columns"),
    (["-D"], "'--dired' asks for output for Emacs's dired"),
    (["--dired"], "'--dired' asks for output for Emacs's dired"),
  ])
  func multiColumnFormatsAreRefused(options: [String], start: String) {
    let root = TemporaryDirectory()
    root.file("a")
    let result = lsrows(options.map(bytes) + [bytes("a")], in: root.path)
    #expect(result.exitStatus == 2)
    #expect(result.standardOutput.isEmpty)
    let lines = result.errorText.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("lsrows: " + start) == true, "\(lines)")
    #expect(lines.first?.contains("lsrows writes one row per line") == true)
    #expect(lines.last == "Try 'lsrows --help' for more information.")
    if options == ["-x"] {
      #expect(lines.contains { $0.contains("--one-file-system") })
    }
  }

  /// `-1` after a refused format does not rescue it: each option is read in
  /// order, and the first mistake is the one reported.
  @Test func aRefusedFormatIsReportedWhereverItIs() {
    #expect(lsrows("-C", "-1").exitStatus == 2)
    #expect(lsrows("-1", "-C").exitStatus == 2)
  }
}

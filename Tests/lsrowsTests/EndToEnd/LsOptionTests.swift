import Glibc
import Testing

/// Every GNU ls option that fits one row per line, compared byte for byte
/// with `LC_ALL=C ls -1` (see ``LsComparison`` for the documented
/// differences it takes out): alone, with `-l`, and in the combinations
/// where ls decides one option by another.
@Suite struct LsOptionTests {
  static let groups: [(String, [[String]])] = [
    (
      "selection",
      [
        ["-I", "*a*"], ["--ignore=.*", "-a"], ["-I", "d?", "-I", "[bc]*"], ["--hide=*a*"],
        ["--hide=*a*", "-a"], ["--hide=*a*", "-A"], ["-A", "--hide=.*"], ["-B"], ["-B", "-a"],
        ["-f"], ["-l", "-f"], ["-f", "-l"], ["-f", "-s"], ["-f", "--color=always"], ["-fR"],
        ["-I", "*", "d2"], ["--ignore=d1", "-R"],
      ]
    ),
    (
      "times",
      [
        ["-c"], ["-u"], ["-lc"], ["-lu"], ["-lct"], ["-lut"], ["-ct"], ["-ut"], ["-tc"],
        ["--time=atime"], ["--time=access"], ["--time=use"], ["--time=ctime"],
        ["--time=status"], ["--time=birth"], ["--time=creation"], ["-l", "--time=birth"],
        ["-lt", "--time=birth"], ["--time=atime", "-S"], ["--time=atime", "-U"],
        ["-l", "--time-style=full-iso"], ["-l", "--time-style=long-iso"],
        ["-l", "--time-style=iso"], ["-l", "--time-style=locale"], ["-l", "--time-style=+%s"],
        ["-l", "--time-style=+%Y %b %e %H:%M:%S.%N %z %Z %a %j %q"],
        ["-l", "--time-style=+old %F\nrecent %T"], ["-l", "--time-style=posix-iso"],
        ["-l", "--time-style=+"], ["-l", "--time-style=long"], ["--full-time"],
        ["--full-time", "-u"], ["--time-style=nonsense"], ["-l", "--time-style=nonsense"],
        ["-l", "--time-style=+a\nb\nc"], ["-l", "--time-style=i"],
      ]
    ),
    (
      "long rows",
      [
        ["-l"], ["-g"], ["-o"], ["-go"], ["-lG"], ["-gG"], ["-l", "--no-group"],
        ["-l", "--author"],
        ["-g", "--author"], ["-ln", "--author"], ["-s"], ["-ls"], ["-si"], ["-lsi"], ["-sk"],
        ["-lk"], ["-lh"], ["-sh"], ["--si", "-ls"], ["-l", "--block-size=K"],
        ["-s", "--block-size=K"], ["-l", "--block-size=1M"], ["-l", "--block-size=1kB"],
        ["-ls", "--block-size=KiB"], ["-ls", "--block-size=si"], ["-ls", "--block-size=human"],
        ["-ls", "--block-size='1"], ["-l", "--block-size=0x10"], ["-l", "--block-size=010"],
        ["-l", "--block-size=x"], ["-l", "--block-size=1X"], ["-l", "--block-size=0"],
        ["-l", "--block-size=99999999999999999999"], ["-k", "--block-size=M", "-s"],
        ["-Z"], ["-lZ"], ["-sZ"], ["-iZ"], ["-l", "--context", "--author", "-i", "-s"],
        ["-n", "-o", "-Z"],
      ]
    ),
    (
      "symlinks",
      [
        ["-H", "ld"], ["-H", "la"], ["-H", "dang"], ["-H", "-l", "ld", "la"], ["-L"], ["-L", "-F"],
        ["-L", "-l"], ["-L", "-i"], ["-L", "-s"], ["-L", "-t"], ["-L", "-S"], ["-L", "-R"],
        ["-L", "dang"], ["-L", "-l", "dang", "la", "ld"], ["-L", "-d", "ld", "la"],
        ["-L", "--group-directories-first"], ["--dereference-command-line-symlink-to-dir", "-l"],
        ["--dereference-command-line-symlink-to-dir", "-l", "ld", "la", "dang"], ["-d", "ld"],
        ["-dL", "ld"], ["-l", "ld"], ["ld"], ["-F", "ld"], ["-F", "-H", "ld"], ["loop1"],
        ["-l", "loop1"], ["-L", "loop1"], ["-H", "-L", "ld"], ["-L", "-H", "ld"],
        ["-L", "--color=always"], ["-L", "."], ["-L", "-l", "."],
      ]
    ),
    (
      "indicators",
      [
        ["-p"], ["--file-type"], ["--indicator-style=none"], ["--indicator-style=slash"],
        ["--indicator-style=file-type"], ["--indicator-style=classify"], ["-F"], ["-lF"], ["-lp"],
        ["-l", "--file-type"], ["-p", "-F"], ["-F", "-p"], ["-F", "--classify=auto"],
        ["--classify=always"], ["-Fb"], ["-F", "--quoting-style=shell-escape"],
        ["--file-type", "-Q"], ["-pR"], ["-p", "-L"], ["-F", "--color=always", "-l"],
      ]
    ),
    (
      "order and formats",
      [
        ["--sort=width"], ["-l", "--sort=width"], ["--sort=width", "-r"],
        ["--sort=width", "--quoting-style=shell-escape"], ["--sort=width", "-q"],
        ["-l", "--sort=width", "--quoting-style=shell"], ["--format=long"],
        ["--format=verbose"], ["--format=single-column"], ["--format=long", "-1"],
        ["-l", "--format=single-column"], ["-T", "4"], ["-T0", "-l"], ["--tabsize=8"],
        ["-w", "10"], ["--width=0"], ["-T", "x"], ["-w", "x"], ["-w", "-1"],
        ["-T", "99999999999999999999"], ["-w", "99999999999999999999"],
        ["--group-directories-first"], ["--group-directories-first", "-r"],
        ["--group-directories-first", "-U"], ["-iU"], ["-ZU"], ["-sU"], ["-iU", "-R"],
        ["-i", "-f"], ["--zero"], ["-Q", "--zero"], ["-b", "--zero"], ["--zero", "-b"],
        ["--zero", "--color=always"], ["-l", "--zero"], ["-R", "--zero"],
      ]
    ),
    (
      "hyperlinks",
      [
        ["--hyperlink"], ["--hyperlink=always", "-l"], ["--hyperlink=never"],
        ["--hyperlink=auto"], ["--hyperlink", "-F", "--color=always"],
        ["--hyperlink", "-lQ"], ["--hyperlink", "-l", "--quoting-style=shell-escape"],
        ["--hyperlink", "ld", "la", "dang", "loop1", "./-dash", "../top/d1", "d2/sub/.."],
        ["--hyperlink", "-d", ".", "..", "d2/../d1"], ["--hyperlink", "-a", "d2"],
        ["--hyperlink", "-L"], ["--hyperlink", "-f"],
      ]
    ),
  ]

  @Test(arguments: groups.map(\.0))
  func matchesLs(group: String) {
    let root = TemporaryDirectory.lsOptions()
    let top = root.path + "/top"
    let comparison = LsComparison()
    for options in Self.groups.first(where: { $0.0 == group })!.1 {
      let (flags, operands) = Self.split(options)
      if let difference = comparison.differences(options: flags, operands: operands, in: top) {
        Issue.record(Comment(rawValue: difference))
      }
    }
  }

  /// Times past 2262, where nanoseconds since 1970 no longer fit 64 bits
  /// and the sort compares the exact times: newest first, ties by name, in
  /// every form of the time sort.
  @Test func timesPastWhatNanosecondsHoldSortAsLs() {
    let root = TemporaryDirectory()
    root.directory("far")
    for (name, seconds, nanoseconds) in [
      ("a", 10_000_000_000, 6), ("b", 12_000_000_000, 0), ("c", 10_000_000_000, 5),
      ("d", 10_000_000_000, 6), ("e", 1_600_000_000, 0), ("f", 12_000_000_000, 0),
    ] {
      root.file("far/" + name)
      root.setTimes("far/" + name, seconds: seconds, nanoseconds: nanoseconds)
    }
    root.directory("far/g")
    root.setTimes("far/g", seconds: 11_000_000_000, nanoseconds: 0)
    let comparison = LsComparison()
    for flags in [["-t"], ["-tr"], ["-t", "--group-directories-first"], ["-lt"]] {
      if let difference = comparison.differences(options: flags, operands: ["far"], in: root.path) {
        Issue.record(Comment(rawValue: difference))
      }
    }
    #expect(
      splitRows(lsrows("-t", "far", in: root.path).standardOutput).map { Text($0) }
        == ["b", "f", "g", "a", "d", "c", "e"].map { Text(bytes($0)) })
  }

  /// Security contexts as SELinux leaves them (root can write them where
  /// SELinux is off): `-Z` shows them, `-l` marks the mode with `.`, and an
  /// `unlabeled` or empty one is none, as libselinux reports it to ls.
  @Test(.enabled(if: getuid() == 0, "only root may write security attributes"))
  func securityContextsAsLs() throws {
    let root = TemporaryDirectory.lsOptions()
    let labels: [(String, String)] = [
      ("top/d2/x", "system_u:object_r:tmp_t:s0\0"), ("top/t1", "unlabeled\0"), ("top/t2", "\0"),
      ("top/la", "system_u:object_r:link_t:s0\0"), ("top/d1", "user_u:object_r:dir_t:s0"),
    ]
    for (name, label) in labels {
      try #require(
        root.setAttribute(name, "security.selinux", bytes(label)),
        "this file system keeps no security attributes")
    }
    let comparison = LsComparison()
    for options in [
      ["-Z"], ["-lZ"], ["-l"], ["-sZ"], ["-LZ"], ["-lLZ"], ["-RZ"], ["-lR"], ["-dZ", "la", "d1"],
      ["-lZ", "--author", "-i"], ["-ZU"], ["-l", "--time-style=locale", "-Z", "-n"],
    ] {
      let (flags, operands) = Self.split(options)
      if let difference = comparison.differences(
        options: flags, operands: operands, in: root.path + "/top")
      {
        Issue.record(Comment(rawValue: difference))
      }
    }
  }

  /// Options and operands: a word not starting with `-` is an operand,
  /// unless it is the value of `-I`, `-T` or `-w`.
  static func split(_ words: [String]) -> (options: [String], operands: [String]) {
    var options: [String] = []
    var operands: [String] = []
    for (index, word) in words.enumerated() {
      let isValue = index > 0 && ["-I", "-T", "-w"].contains(words[index - 1])
      if word.hasPrefix("-") || isValue {
        options.append(word)
      } else {
        operands.append(word)
      }
    }
    return (options, operands)
  }

  /// The variables ls reads: each alone, with the options they affect.
  @Test(
    arguments: [
      ["TIME_STYLE": "iso"], ["TIME_STYLE": "+%s"], ["TIME_STYLE": "full-iso"],
      ["TIME_STYLE": "posix-long-iso"], ["TIME_STYLE": "bogus"], ["BLOCK_SIZE": "K"],
      ["BLOCK_SIZE": "foo"], ["BLOCK_SIZE": "10X"], ["BLOCK_SIZE": "'1"],
      ["BLOCK_SIZE": "human"], ["BLOCK_SIZE": "0"], ["LS_BLOCK_SIZE": "M", "BLOCK_SIZE": "K"],
      ["LS_BLOCK_SIZE": "si"], ["BLOCKSIZE": "K"], ["POSIXLY_CORRECT": "1"],
      ["TZ": "America/New_York"], ["TZ": "Asia/Kolkata"], ["TZ": "Australia/Lord_Howe"],
      ["TZ": "<+0530>-5:30"], ["TABSIZE": "3"], ["COLUMNS": "10"], ["QUOTING_STYLE": "c"],
    ] as [[String: String]])
  func honoursTheVariables(environment: [String: String]) {
    let root = TemporaryDirectory.lsOptions()
    var comparison = LsComparison()
    comparison.environment = environment.mapValues { Optional($0) }
    for options in [
      ["-l"], ["-ls"], ["-s"], ["-lk"], ["-sk"], ["-lh"], ["-l", "--time-style=iso"],
      ["--full-time"], ["-l", "--time-style=locale"], ["-l", "--color=always"],
    ] {
      if let difference = comparison.differences(options: options, in: root.path + "/top") {
        Issue.record(Comment(rawValue: "\(environment): \(difference)"))
      }
    }
  }

  /// `-w` decides, over `COLUMNS`, where ls thinks a colored name wraps
  /// and so clears to the end of the line after it.
  @Test func widthDecidesWhereColoredNamesClearTheLine() {
    let root = TemporaryDirectory.lsOptions()
    var comparison = LsComparison()
    comparison.environment = ["COLUMNS": "7"]
    for width in ["0", "99999999999999999999999"] + (1...90).map(String.init) {
      for format in [["-l"], ["--full-time"], ["-lgo"], ["-li"]] {
        let options = format + ["--color=always", "-w", width]
        if let difference = comparison.differences(options: options, in: root.path + "/top") {
          Issue.record(Comment(rawValue: difference))
        }
      }
    }
  }
}

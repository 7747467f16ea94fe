import Testing

/// Typed rows against GNU ls: metadata sorts, long rows, indicators.
@Suite struct TypedRowsEndToEndTests {
  /// ls's output without the "total" line that lsrows never prints.
  static func withoutTotal(_ output: [UInt8]) -> [UInt8] {
    guard output.starts(with: bytes("total ")), let newline = output.firstIndex(of: 0x0A) else {
      return output
    }
    return Array(output[(newline + 1)...])
  }

  static let flagSets: [[String]] = [
    ["-l"], ["-la"], ["-lA"], ["-lF"], ["-li"], ["-lh"], ["-ln"], ["-lr"], ["-lS"], ["-lSr"],
    ["-lt"], ["-ltr"], ["-lU"], ["-lX"], ["-lv"], ["-l", "--time=ctime"], ["-lt", "--time=atime"],
    ["-l", "--time=access"], ["-l", "--group-directories-first"],
    ["-lF", "--group-directories-first"],
    ["-S"], ["-Sr"], ["-t"], ["-tr"], ["-X"], ["-Xr"], ["-v"], ["-va"], ["-vr"], ["-F"], ["-Fa"],
    ["-i"], ["-iF"], ["--group-directories-first"], ["--group-directories-first", "-r"],
    ["-U", "--group-directories-first"], ["--sort=size"], ["--sort=time"], ["--sort=extension"],
    ["--sort=version"], ["--classify"], ["--classify=always"], ["-l", "--sort=time", "-r"],
  ]

  @Test(arguments: flagSets)
  func directoryRowsMatchLs(flags: [String]) {
    let root = TemporaryDirectory.typed()
    let ours = lsrows(flags.map(bytes) + [bytes("kinds")], in: root.path)
    let theirs = ls(
      [bytes("-1"), bytes("--time-style=long-iso")] + flags.map(bytes) + [bytes("kinds")],
      in: root.path)
    #expect(ours.exitStatus == 0)
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(Text(ours.standardOutput) == Text(Self.withoutTotal(theirs.standardOutput)))
    #expect(ours.standardError.isEmpty)
  }

  @Test(arguments: [["-l"], ["-lF"], ["-F"], ["-li"], ["-i"], ["-lS"], ["-dl"], ["-d", "-F"]])
  func operandRowsMatchLs(flags: [String]) {
    let root = TemporaryDirectory.typed()
    // Files, a directory, and symlinks to a file and to a directory: under
    // -l and -F a symlink operand is not followed, as in ls.
    let operands = [
      "kinds/big", "kinds/subdir", "kinds/link-to-dir", "kinds/link-to-file", "kinds/with-acl",
      "/dev/null",
    ]
    let ours = lsrows(flags.map(bytes) + operands.map(bytes), in: root.path)
    let theirs = ls(
      [bytes("-1"), bytes("--time-style=long-iso")] + flags.map(bytes) + operands.map(bytes),
      in: root.path)
    // ls prints "DIR:" blocks; compare the operand rows, which come first.
    let ourRows = splitRows(ours.standardOutput)
    let theirRows = splitRows(theirs.standardOutput)
    let fileRowCount = theirRows.firstIndex(of: []) ?? theirRows.count
    #expect(
      Text(rowBytes(Array(ourRows.prefix(fileRowCount))))
        == Text(rowBytes(Array(theirRows.prefix(fileRowCount)))))
    #expect(ours.exitStatus == 0)
  }

  @Test func symlinkToADirectoryOperandIsNotFollowedUnderLongOrClassify() {
    let root = TemporaryDirectory.typed()
    #expect(
      lsrows("-F", "kinds/link-to-dir", in: root.path).standardOutput
        == rowBytes(["kinds/link-to-dir@"]))
    let long = lsrows("-l", "kinds/link-to-dir", in: root.path)
    #expect(long.outputText.hasSuffix(" kinds/link-to-dir -> subdir\n"))
    #expect(lsrows("kinds/link-to-dir", in: root.path).standardOutput == rowBytes(["inner"]))
  }

  @Test func characterDevicesShowMajorAndMinor() {
    let ours = lsrows("-l", "/dev")
    let theirs = ls("-l", "--time-style=long-iso", "/dev")
    #expect(Text(ours.standardOutput) == Text(Self.withoutTotal(theirs.standardOutput)))
    let null = lsrows("-l", "/dev/null")
    #expect(null.outputText.hasPrefix("crw-rw-rw- 1 root root 1, 3 "))
    #expect(null.outputText.hasSuffix(" /dev/null\n"))
  }

  @Test func anAccessControlListShowsAPlus() {
    let root = TemporaryDirectory.typed()
    let rows = splitRows(lsrows("-l", "kinds", in: root.path).standardOutput)
    let withACL = rows.first { $0.starts(with: bytes("-rw-r--r--+")) }
    #expect(withACL.map { String(decoding: $0, as: UTF8.self).hasSuffix(" with-acl") } == true)
    // Every other mode column is padded to the same width.
    #expect(rows.allSatisfy { $0[10] == UInt8(ascii: " ") || $0[10] == UInt8(ascii: "+") })
  }

  @Test func longRowsHonourTheTimeZone() {
    let root = TemporaryDirectory.typed()
    let utc = lsrows([bytes("-l"), bytes("kinds/a1")], in: root.path, environment: ["TZ": "UTC"])
    let tokyo = lsrows(
      [bytes("-l"), bytes("kinds/a1")], in: root.path, environment: ["TZ": "Asia/Tokyo"])
    #expect(utc.outputText.contains(" 1973-03-03 09:46 "))
    #expect(tokyo.outputText.contains(" 1973-03-03 18:46 "))
  }

  @Test(arguments: [["f"], ["d"], ["l"], ["p"], ["s"], ["f", "l"], ["d", "p", "s"]])
  func typeFilterKeepsOnlyThoseKinds(letters: [String]) {
    let root = TemporaryDirectory.typed()
    let result = lsrows(
      [bytes("--type=" + letters.joined(separator: ",")), bytes("-A"), bytes("kinds")],
      in: root.path)
    #expect(result.exitStatus == 0)
    let findTypes = letters.map { "-type \($0)" }.joined(separator: " -o ")
    let reference = runProcess(
      "sh",
      [
        bytes("-c"),
        bytes(
          "cd \"$1\" && find . -mindepth 1 -maxdepth 1 \\( \(findTypes) \\) -printf '%f\\n' | LC_ALL=C sort"
        ), bytes("sh"), bytes(root.path + "/kinds"),
      ])
    #expect(Text(result.standardOutput) == Text(reference.standardOutput))
    #expect(!result.standardOutput.isEmpty)
  }

  @Test func typeFilterAppliesToOperandsToo() {
    let root = TemporaryDirectory.typed()
    let result = lsrows(
      "--type=d", "-d", "kinds/big", "kinds/subdir", "kinds/link-to-dir", in: root.path)
    #expect(result.standardOutput == rowBytes(["kinds/subdir"]))
  }

  @Test func versionOrderMatchesLsOnRandomNames() {
    let root = TemporaryDirectory()
    root.directory("v")
    var generator = SeededRandom()
    let alphabet = Array("ab.~0129-_Z".utf8)
    var names = Set<[UInt8]>()
    while names.count < 400 {
      let length = Int.random(in: 1...7, using: &generator)
      names.insert((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }
    for name in names where name != bytes(".") && name != bytes("..") {
      root.file(bytes("v/") + name)
    }
    for flags in [["-v", "-a"], ["-v", "-A", "-r"], ["-X", "-a"]] {
      let ours = lsrows(flags.map(bytes) + [bytes("v")], in: root.path)
      let theirs = ls([bytes("-1")] + flags.map(bytes) + [bytes("v")], in: root.path)
      #expect(
        Text(ours.standardOutput) == Text(theirs.standardOutput), "flags \(flags); \(generator)")
    }
  }

  @Test(arguments: [
    (["--sort=sideways"], "invalid argument 'sideways' for '--sort'"),
    (["--type=q"], "invalid argument 'q' for '--type'"),
    (["--type=f,"], "ambiguous argument '' for '--type'"),
    (["--time=x"], "invalid argument 'x' for '--time'"),
    (["--indicator-style=all"], "invalid argument 'all' for '--indicator-style'"),
    (["--classify=sometimes"], "invalid argument 'sometimes' for '--classify'"),
    (["--format", "{nme}"], "invalid argument '{nme}' for '--format': unknown field '{nme}'"),
    (["--format", "{name"], "invalid argument '{name' for '--format': unclosed '{'"),
  ])
  func badValuesAreInvalidArguments(words: [String], firstLine: String) {
    let root = TemporaryDirectory.typed()
    let result = lsrows(words.map(bytes) + [bytes("kinds")], in: root.path)
    #expect(result.exitStatus == 1)
    #expect(result.standardOutput.isEmpty)
    let lines = result.errorText.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines.first == "lsrows: " + firstLine)
    #expect(lines.contains { $0.hasPrefix("Valid ") })
    #expect(lines.dropLast().last == "Try 'lsrows --help' for more information.")
  }

  @Test func lsWordsInvalidTimeTheSameWay() {
    let ours = lsrows("--time=x")
    let theirs = ls("--time=x")
    #expect(ours.exitStatus == theirs.exitStatus)
    #expect(
      ours.errorText.hasPrefix("lsrows: invalid argument 'x' for '--time'\nValid arguments are:\n"))
    #expect(
      theirs.errorText.hasPrefix("ls: invalid argument 'x' for '--time'\nValid arguments are:\n"))
  }
}

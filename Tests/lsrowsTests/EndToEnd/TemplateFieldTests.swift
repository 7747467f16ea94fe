import Glibc
import Testing

@testable import lsrows

/// Every template field against values the test reads itself with lstat.
@Suite struct TemplateFieldTests {
  func render(_ template: String, _ operand: String, in root: TemporaryDirectory) -> String {
    let result = lsrows(
      [bytes("--format"), bytes(template), bytes("-d"), bytes(operand)], in: root.path)
    #expect(result.exitStatus == 0, "\(result)")
    return String(decoding: result.standardOutput.dropLast(), as: UTF8.self)
  }

  func lstatOf(_ path: String) -> stat {
    var buffer = stat()
    precondition(lstat(path, &buffer) == 0)
    return buffer
  }

  @Test func numericFieldsMatchLstat() {
    let root = TemporaryDirectory.typed()
    for name in [
      "kinds/setuid", "kinds/subdir", "kinds/link-to-file", "kinds/fifo", "kinds/hardlink",
      "kinds/huge",
    ] {
      let status = lstatOf(root.path + "/" + name)
      let fields = render(
        "{size} {perms} {links} {uid} {gid} {inode} {mtime_epoch} {depth}", name, in: root)
      let expected = [
        "\(status.st_size)", String(format4Octal(UInt32(status.st_mode) & 0o7777)),
        "\(status.st_nlink)",
        "\(status.st_uid)", "\(status.st_gid)", "\(status.st_ino)", "\(status.st_mtim.tv_sec)", "0",
      ].joined(separator: " ")
      #expect(fields == expected, "\(name)")
    }
  }

  func format4Octal(_ value: UInt32) -> String {
    let digits = String(value, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  @Test func timesAreRFC3339InUTCWithNanoseconds() {
    let root = TemporaryDirectory.typed()
    // 1_600_000_000 is 2020-09-13T12:26:40Z.
    #expect(render("{mtime}", "kinds/big", in: root) == "2020-09-13T12:26:40.000000006Z")
    #expect(render("{atime}", "kinds/huge", in: root) == "2023-11-14T22:13:20.000000004Z")
    #expect(render("{mtime}", "kinds/a1", in: root) == "1973-03-03T09:46:40.000000000Z")
    let status = lstatOf(root.path + "/kinds/big")
    let ctime = render("{ctime}", "kinds/big", in: root)
    #expect(ctime.hasSuffix(String(format9(status.st_ctim.tv_nsec)) + "Z"))
  }

  func format9(_ value: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: 9 - digits.count) + digits
  }

  @Test func typesModesNamesAndTargets() {
    let root = TemporaryDirectory.typed()
    let cases: [(String, String)] = [
      ("kinds/setuid", "file -rwsr-xr-x setuid kinds/setuid  "),
      ("kinds/subdir", "dir drwxr-xr-x subdir kinds/subdir  "),
      ("kinds/link-to-dir", "symlink lrwxrwxrwx link-to-dir kinds/link-to-dir subdir "),
      ("kinds/fifo", "fifo prw-r--r-- fifo kinds/fifo  "),
      ("kinds/socket", "socket srwxr-xr-x socket kinds/socket  "),
      ("kinds/sticky-noexec", "dir drwxrwxr-T sticky-noexec kinds/sticky-noexec  "),
      ("kinds/a.tar.gz", "file -rw-r--r-- a.tar.gz kinds/a.tar.gz  gz"),
      ("kinds/.a", "file -rw-r--r-- .a kinds/.a  "),
      ("kinds/subdir/", "dir drwxr-xr-x subdir kinds/subdir/  "),
      ("/dev/null", "char crw-rw-rw- null /dev/null  "),
    ]
    for (operand, expected) in cases {
      #expect(render("{type} {mode} {name} {path} {target} {ext}", operand, in: root) == expected)
    }
  }

  @Test func userAndGroupNamesAsTheSystemHasThem() {
    let root = TemporaryDirectory.typed()
    let status = lstatOf(root.path + "/kinds/big")
    let user = String(cString: getpwuid(status.st_uid)!.pointee.pw_name)
    let group = String(cString: getgrgid(status.st_gid)!.pointee.gr_name)
    #expect(render("{user}:{group}", "kinds/big", in: root) == "\(user):\(group)")
  }

  @Test func entriesOfADirectoryHaveDepthOneAndJoinedPaths() {
    let root = TemporaryDirectory.typed()
    let result = lsrows("--format", "{depth} {path} {name}", "kinds/subdir", in: root.path)
    #expect(result.outputText == "1 kinds/subdir/inner inner\n")
    let dotted = lsrows("--format", "{path}", "subdir", in: root.path + "/kinds")
    #expect(dotted.outputText == "subdir/inner\n")
  }

  @Test func bracesAndEscapesInOutput() {
    let root = TemporaryDirectory.typed()
    let result = lsrows("-0", "--format", "{{{name}}}\\t\\\\", "kinds/subdir", in: root.path)
    #expect(result.standardOutput == bytes("{inner}\t\\") + [0])
  }

  @Test func namesStayBytesInTemplates() {
    let root = TemporaryDirectory.weird()
    let result = lsrows([bytes("--format"), bytes("<{name}>"), bytes("tree")], in: root.path)
    #expect(
      splitRows(result.standardOutput).contains(
        bytes("<") + [0x62, 0x61, 0x64, 0xFF, 0xFE] + bytes(">")))
  }

  /// With no PATH, `path` is the row itself, below `.` (as fd shows it);
  /// an explicit `.` keeps find's `./`.
  @Test func pathWithoutAnOperandHasNoDotSlash() {
    let root = TemporaryDirectory()
    root.directory("src")
    root.file("src/a.c")
    root.directory("src/x")
    root.file("src/x/b.c")
    let implicit = lsrows("-R", "--format", "{path}|{parent}", in: root.path)
    #expect(implicit.outputText == "src|.\nsrc/a.c|src\nsrc/x|src\nsrc/x/b.c|src/x\n")
    let explicit = lsrows("-R", "--format", "{path}|{parent}", ".", in: root.path)
    #expect(
      explicit.outputText == "./src|.\n./src/a.c|./src\n./src/x|./src\n./src/x/b.c|./src/x\n")
    // The --help example works as shown.
    let query = lsrows("-R", "--where", "path ~ 'src/**/*.c'", in: root.path)
    #expect(query.outputText == "src/a.c\nsrc/x/b.c\n")
    let json = lsrows("--json", in: root.path)
    #expect(json.outputText.contains("\"path\":\"src\""))
  }
}

import Glibc
import Testing

/// Names of exactly 255 bytes, the most a Linux file system allows, in every
/// output form, and paths made of several of them.
@Suite struct LongNameTests {
  static let names: [[UInt8]] = [
    Array(repeating: UInt8(ascii: "n"), count: 255),
    Array(repeating: 0xFF, count: 255),
    Array(repeating: Array("\u{E9}".utf8), count: 127).flatMap { $0 } + [UInt8(ascii: "e")],
    bytes("-") + Array(repeating: 0x0A, count: 253) + bytes("'"),
  ]

  static func tree() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("top")
    for name in names {
      precondition(name.count == 255)
      root.file(bytes("top/") + name)
    }
    let deep = bytes("top/") + Array(repeating: UInt8(ascii: "d"), count: 255)
    root.directory(deep)
    for name in names { root.file(deep + [0x2F] + name) }
    return root
  }

  @Test(arguments: [
    [], ["-l"], ["-Q"], ["-b"], ["--quoting-style=shell-escape"], ["--quoting-style=c"],
    ["--zero"], ["-i", "-S"], ["-l", "--quoting-style=escape"],
  ])
  func rowsAsLs(flags: [String]) {
    let root = Self.tree()
    let ours = lsrows(flags.map(bytes) + [bytes("top")], in: root.path)
    let theirs = ls(
      [bytes("--time-style=long-iso")] + flags.map(bytes) + [bytes("top")], in: root.path)
    #expect(ours.exitStatus == 0)
    #expect(theirs.exitStatus == 0)
    var expected = theirs.standardOutput
    if flags.contains("-l") {
      // ls -l starts with a "total" line; lsrows prints rows only.
      expected = Array(expected.drop { $0 != 0x0A }.dropFirst())
    }
    #expect(Text(ours.standardOutput) == Text(expected), "\(flags)")
    #expect(splitRows(ours.standardOutput).count >= Self.names.count + 1)
  }

  @Test func recursiveRowsAreWholePaths() {
    let root = Self.tree()
    let expected = TreeOracle().rows(of: root.path("top"))
    #expect(expected.count == 2 * Self.names.count + 1)
    #expect(expected.contains { $0.count == 511 })
    let result = lsrows("-R", "-0", "top", in: root.path)
    #expect(result.exitStatus == 0)
    #expect(Text(result.standardOutput) == Text(rowBytes(expected, terminator: 0)))
  }

  /// --json rows read back by Python, giving each row's exact path bytes.
  @Test func jsonRowsGiveBackTheBytes() {
    let root = Self.tree()
    let decode = """
      import base64, json, sys
      for line in sys.stdin.buffer:
          row = json.loads(line)
          path = base64.b64decode(row["path_base64"]) if "path_base64" in row else row["path"].encode()
          sys.stdout.buffer.write(path + b"\\0")
      """
    let json = lsrows("-R", "--json", "top", in: root.path)
    #expect(json.exitStatus == 0)
    let decoded = runProcess("python3", [bytes("-c"), bytes(decode)], input: json.standardOutput)
    #expect(decoded.exitStatus == 0, "\(decoded.errorText)")
    let expected = TreeOracle().rows(of: root.path("top"), prefix: bytes("top/"))
    #expect(Text(decoded.standardOutput) == Text(rowBytes(expected, terminator: 0)))
  }
}

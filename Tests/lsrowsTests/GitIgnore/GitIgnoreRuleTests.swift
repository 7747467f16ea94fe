import Glibc
import Testing

/// Each rule of `gitignore(5)` on its own: lsrows lists what the case
/// expects, and so does git (`git check-ignore --no-index`), so that an
/// expectation that is not git's fails too.
@Suite(.enabled(if: access("/usr/bin/git", X_OK) == 0, "git is not installed"))
struct GitIgnoreRuleTests {
  struct Case: CustomStringConvertible, Sendable {
    let rule: String
    /// The `.gitignore` at the top.
    let file: [UInt8]
    /// Entries to make; a trailing `/` makes a directory.
    let entries: [String]
    /// What is listed, `-RA`, sorted (without `.gitignore`).
    let kept: [String]

    var description: String { rule }
  }

  static let cases: [Case] = [
    Case(
      rule: "* within a name", file: bytes("*.o\n"), entries: ["a.o", "b.c", "d/", "d/e.o"],
      kept: ["b.c", "d"]),
    Case(rule: "? is one byte", file: bytes("?.c\n"), entries: ["a.c", "ab.c"], kept: ["ab.c"]),
    Case(
      rule: "ranges and [!...]", file: bytes("[a-c]*\n[!x]9\n"),
      entries: ["a1", "d1", "x9", "y9"], kept: ["d1", "x9"]),
    Case(
      rule: "[^...] and classes", file: bytes("[^a]z\n[[:digit:]]*\n"),
      entries: ["az", "bz", "1q", "q1"], kept: ["az", "q1"]),
    Case(
      rule: "leading **/", file: bytes("**/foo\n"),
      entries: ["foo", "a/", "a/foo", "a/b/", "a/b/foo", "a/b/bar"], kept: ["a", "a/b", "a/b/bar"]),
    Case(
      rule: "trailing /**", file: bytes("abc/**\n"),
      entries: ["abc/", "abc/x", "abc/y/", "abc/y/z", "abcd"], kept: ["abc", "abcd"]),
    Case(
      rule: "/**/ inside", file: bytes("a/**/b\n"),
      entries: ["a/", "a/b", "a/x/", "a/x/b", "a/x/y/", "a/x/y/b", "x/", "x/a/", "x/a/b"],
      kept: ["a", "a/x", "a/x/y", "x", "x/a", "x/a/b"]),
    Case(
      rule: "leading / anchors", file: bytes("/top\n"),
      entries: ["top", "sub/", "sub/top"], kept: ["sub", "sub/top"]),
    Case(
      rule: "an inner / anchors", file: bytes("doc/frotz\n"),
      entries: ["doc/", "doc/frotz", "a/", "a/doc/", "a/doc/frotz"],
      kept: ["a", "a/doc", "a/doc/frotz", "doc"]),
    Case(
      rule: "a trailing / is for directories", file: bytes("build/\n"),
      entries: ["build/", "build/x", "sub/", "sub/build"], kept: ["sub", "sub/build"]),
    Case(
      rule: "! re-includes", file: bytes("*.log\n!keep.log\n"),
      entries: ["a.log", "keep.log"], kept: ["keep.log"]),
    Case(
      rule: "nothing below an ignored directory comes back", file: bytes("dir/\n!dir/x\n"),
      entries: ["dir/", "dir/x"], kept: []),
    Case(
      rule: "\\# and \\! are literal", file: bytes("\\#h\n\\!n\n"),
      entries: ["#h", "!n", "x"], kept: ["x"]),
    Case(
      rule: "trailing spaces dropped, an escaped one kept", file: bytes("y  \nx\\ \n"),
      entries: ["x ", "x", "y", "y "], kept: ["x", "y "]),
    Case(
      rule: "comments and blank lines", file: bytes("# z\n\n\nz\n"),
      entries: ["# z", "z", "w"], kept: ["# z", "w"]),
    Case(
      rule: "a last line without a line end", file: bytes("a\nnoend"),
      entries: ["a", "noend", "b"], kept: ["b"]),
    Case(
      rule: "CRLF line ends", file: bytes("crlf\r\nother\r\n"),
      entries: ["crlf", "other", "kept"], kept: ["kept"]),
    Case(
      rule: "bytes that are not UTF-8", file: [0xFF, 0x2A, 0x0A],
      entries: ["\u{FF}x", "x"], kept: ["x"]),
    Case(
      rule: "a name with a newline", file: bytes("a?b\n"),
      entries: ["a\nb", "ab"], kept: ["ab"]),
    Case(
      rule: "a pattern ending in a backslash matches nothing", file: bytes("abc\\\n"),
      entries: ["abc", "abc\\"], kept: ["abc", "abc\\"]),
  ]

  /// The entry `name` of a case as bytes: U+00FF stands for the byte 0xFF.
  static func entryBytes(_ name: String) -> [UInt8] {
    name.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
  }

  @Test(arguments: cases)
  func ruleAsGitHasIt(_ rule: Case) {
    let repository = GitRepositoryFixture()
    for entry in rule.entries {
      let name = Self.entryBytes(entry)
      if name.last == UInt8(ascii: "/") {
        repository.root.directory(bytes("repo/") + name.dropLast())
      } else {
        repository.root.file(bytes("repo/") + name)
      }
    }
    repository.write(".gitignore", rule.file)
    let expected = ([".gitignore"] + rule.kept).map(Self.entryBytes).sorted {
      $0.lexicographicallyPrecedes($1)
    }
    let (listed, result) = repository.pathsListed()
    #expect(result.exitStatus == 0, "\(result)")
    #expect(listed == expected, "\(rule): \(Text(rowBytes(listed)))")
    #expect(repository.pathsGitKeeps() == expected, "git does not keep what \(rule) expects")
  }
}

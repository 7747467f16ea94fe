import Glibc
import Testing

@testable import lsrows

/// `--hyperlink`'s absolute paths against coreutils' `realpath -m`, which is
/// gnulib's canonicalize_filename_mode with CAN_MISSING, as ls's links.
@Suite struct CanonicalPathTests {
  @Test func matchesRealpathOnRandomPaths() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.directory("d/e")
    root.file("d/e/f")
    root.symlink("up", to: "..")
    root.symlink("abs", to: root.path + "/d")
    root.symlink("rel", to: "d/e")
    root.symlink("dang", to: "nowhere/x")
    root.symlink("loop1", to: "loop2")
    root.symlink("loop2", to: "loop1")
    root.symlink("d/e/back", to: "../../rel/f")
    root.symlink("self", to: ".")
    let components = [
      "d", "e", "f", "up", "abs", "rel", "dang", "loop1", "self", "back", ".", "..", "missing", "",
    ]
    var random = SeededRandom()
    for _ in 0..<300 {
      var words = (0..<Int.random(in: 1...6, using: &random)).map { _ in
        components.randomElement(using: &random)!
      }
      if words.allSatisfy(\.isEmpty) { words = ["d"] }
      let path = words.joined(separator: "/")
      let isAbsolute = Bool.random(using: &random)
      let given = isAbsolute ? root.path + "/" + path : path
      let expected = runProcess(
        "env", [bytes("-C"), bytes(root.path), bytes("realpath"), bytes("-m"), bytes(given)])
      // A relative path starts at the directory given, as for entries; the
      // test's own working directory is shared, so realpath runs from root.
      let ours =
        isAbsolute
        ? CanonicalPath.resolve(bytes(given))
        : CanonicalPath.resolve(bytes(given), from: bytes(root.path))
      #expect(ours.map { $0 + [0x0A] } == expected.standardOutput, "\(given); \(random)")
    }
  }

  @Test func entriesResolveFromTheirDirectory() {
    let root = TemporaryDirectory()
    root.directory("d")
    root.symlink("d/l", to: "../d")
    let base = CanonicalPath.resolve(bytes(root.path + "/d"))!
    #expect(CanonicalPath.resolve(bytes("l"), from: base) == bytes(root.path + "/d"))
    #expect(CanonicalPath.resolve(bytes("."), from: base) == bytes(root.path + "/d"))
    #expect(CanonicalPath.resolve(bytes(".."), from: base) == bytes(root.path))
    #expect(CanonicalPath.resolve(bytes("/")) == bytes("/"))
    #expect(CanonicalPath.resolve([]) == nil)
  }
}

import Glibc

/// A seeded random tree for whole-tree properties: nested directories,
/// names with newlines, tabs, spaces, `#`, `!`, brackets, stars, a leading
/// dash and bytes that are not UTF-8, files of few distinct sizes and
/// times (so keys tie), sparse files, and hard links inside and across
/// directories.
struct RandomTree {
  let root: TemporaryDirectory
  /// Every directory made, as a path below the root (the root is `[]`).
  private(set) var directories: [[UInt8]] = [[]]
  /// Every regular file made, as a path below the root.
  private(set) var files: [[UInt8]] = []

  static let namePieces: [[UInt8]] = [
    Array("a".utf8), Array("B".utf8), Array("new\nline".utf8), Array("tab\there".utf8),
    Array("sp ace".utf8), Array("#hash".utf8), Array("!bang".utf8), Array("[br]".utf8),
    Array("*star".utf8), Array("-dash".utf8), Array(".dot".utf8), [0xFF, 0x61], [0xC3, 0xA9],
    Array("z9".utf8), Array("z10".utf8),
  ]

  init(_ random: inout SeededRandom, entries: Int = 120) {
    root = TemporaryDirectory()
    var taken = Set<[UInt8]>()
    for number in 0..<entries {
      let parent = directories.randomElement(using: &random)!
      var name = Self.namePieces.randomElement(using: &random)!
      // A number often, so that names repeat across directories, not within one.
      if Int.random(in: 0..<3, using: &random) > 0 { name += Array(String(number % 7).utf8) }
      let path = parent.isEmpty ? name : parent + [UInt8(ascii: "/")] + name
      guard taken.insert(path).inserted else { continue }
      let choice = Int.random(in: 0..<10, using: &random)
      if choice < 3 && parent.filter({ $0 == UInt8(ascii: "/") }).count < 4 {
        root.directory(path)
        directories.append(path)
      } else if choice < 5, let existing = files.randomElement(using: &random) {
        let made = withCPath(root.path(existing)) { from in
          withCPath(root.path(path)) { link(from, $0) }
        }
        precondition(made == 0, "link failed")
      } else {
        root.file(path)
        let size = [0, 10, 10, 4096, 5000, 1 << 20][Int.random(in: 0..<6, using: &random)]
        // Some large ones sparse: blocks then differ from sizes.
        let done = withCPath(root.path(path)) { truncate($0, off_t(size)) }
        precondition(done == 0, "truncate failed")
        if Bool.random(using: &random) {
          let fd = withCPath(root.path(path)) { open($0, O_WRONLY) }
          _ = [UInt8](repeating: 7, count: 100).withUnsafeBytes { write(fd, $0.baseAddress, 100) }
          close(fd)
        }
        files.append(path)
      }
      setTime(path, seconds: 1_600_000_000 + Int.random(in: 0..<4, using: &random) * 1000)
    }
    for directory in directories.reversed() where !directory.isEmpty {
      setTime(directory, seconds: 1_600_000_000 + 500)
    }
  }

  /// Sets the access and modification times of `path` (whole seconds).
  func setTime(_ path: [UInt8], seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    let done = withCPath(root.path(path)) { utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }
    precondition(done == 0, "utimensat failed")
  }
}

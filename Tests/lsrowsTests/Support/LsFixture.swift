import Glibc

extension TemporaryDirectory {
  /// The operands the ls comparisons draw from, inside ``lsOptions()``'s
  /// `top` (`./-dash`, since `-dash` alone reads as options).
  static let lsOperands = [
    ".", "a", "d1", "d2", "ld", "la", "dang", "fifo", "sticky", "d2/sub", "./-dash", "loop1",
    "sp ace", "nope", "exec", "old",
  ]

  /// A directory, `top`, for comparing options with ls: the names that
  /// break listers (newline, tab, escape, leading dash, bytes that are not
  /// UTF-8, dot files, backups), every kind of file (dangling and looping
  /// symlinks, links to a directory and a file, a fifo, a socket, devices
  /// when root can make them), set-id and sticky bits, an ACL, times in
  /// the past, the future and within six months, nanosecond ties, sizes
  /// from nothing to a sparse terabyte, and directories below for `-R`.
  ///
  /// Every directory is read and every link followed once at the end, a
  /// clock tick later, so that listing does not move access times between
  /// the two programs' runs.
  static func lsOptions() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("top")
    func file(_ name: String, size: Int = 0, mode: mode_t = 0o644) {
      root.sizedFile("top/" + name, size: size)
      root.chmod("top/" + name, mode)
    }
    file("a", size: 5, mode: 0o4755)
    file("exec", size: 1, mode: 0o755)
    file("setgid", size: 2, mode: 0o2711)
    for name in ["-dash", ".hid", "back~", ".back~", "sp ace", "new\nline", "tab\t", "it's"] {
      file(name)
    }
    root.file(bytes("top/") + bytes("\u{1B}[31mred"))
    root.file(bytes("top/") + [0xFF, 0xFE])
    root.file(bytes("top/caf") + [0xE9])
    file("t1")
    file("t2", size: 5)
    file("t3")
    file("old", size: 3000)
    file("future", size: 1_048_577)
    root.directory("top/d1")
    root.sizedFile("top/d1/big", size: 1_099_511_627_775)
    root.directory("top/d2")
    root.file("top/d2/x", contents: "x")
    root.file("top/d2/.dot")
    root.directory("top/d2/sub")
    root.file("top/d2/sub/deep")
    root.directory("top/sticky", mode: 0o1777)
    root.symlink("top/ld", to: "d1")
    root.symlink("top/la", to: "a")
    root.symlink("top/dang", to: "nowhere")
    root.symlink("top/loop1", to: "loop2")
    root.symlink("top/loop2", to: "loop1")
    root.fifo("top/fifo")
    root.socket("top/sock")
    root.addAccessControlList("top/exec")
    if getuid() == 0 {
      root.device("top/cdev", character: true, major: 1, minor: 3)
      root.device("top/bdev", character: false, major: 7, minor: 0)
    }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let day = 86_400
    root.setTimes("top/t1", seconds: now.tv_sec - 3 * day, nanoseconds: 500_000_000)
    root.setTimes("top/t2", seconds: now.tv_sec - 3 * day, nanoseconds: 500_000_000)
    root.setTimes("top/t3", seconds: now.tv_sec - 3 * day, nanoseconds: 700_000_000)
    root.setTimes("top/old", seconds: 1_000_000_000, nanoseconds: 0, accessSeconds: 2_000_000_000)
    root.setTimes("top/future", seconds: 4_102_444_800, nanoseconds: 1)
    root.setTimes("top/a", seconds: now.tv_sec - 180 * day, nanoseconds: 0, accessSeconds: 1_000)
    root.setTimes("top/exec", seconds: now.tv_sec - 200 * day, nanoseconds: 0)
    root.setTimes("top/d2/x", seconds: 1_577_836_800, nanoseconds: 0)
    root.settleAccessTimes(
      ofSymlinks: ["top/ld", "top/la", "top/dang", "top/loop1", "top/loop2"],
      directories: ["top", "top/d1", "top/d2", "top/d2/sub", "top/sticky"])
    return root
  }
}

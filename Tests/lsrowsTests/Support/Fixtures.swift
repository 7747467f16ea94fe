import Glibc

/// The names that break naive listers, for fixtures.
enum WeirdNames {
  static let all: [[UInt8]] = [
    bytes("plain"),
    bytes("new\nline"),
    bytes("tab\there"),
    bytes("\u{1B}[31mred\u{1B}[0m"),
    bytes("-leading-dash"),
    bytes(" leading space"),
    bytes("trailing space "),
    [0x62, 0x61, 0x64, 0xFF, 0xFE],
    [0x63, 0x61, 0x66, 0xE9],
    bytes("caf\u{E9}-utf8"),
    bytes("it's"),
    bytes("back\\slash"),
    bytes("*star?"),
    bytes("Upper"),
    bytes("10"),
    bytes("9"),
    bytes(".hidden"),
    bytes("..double"),
  ]
}

extension TemporaryDirectory {
  /// A tree holding every weird name as a file, plus a dot directory, an
  /// empty directory, dangling and looping symlinks, a symlink to a
  /// directory and a fifo.
  static func weird() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("tree")
    for name in WeirdNames.all {
      root.file(bytes("tree/") + name)
    }
    root.directory("tree/empty-dir")
    root.directory("tree/.hidden-dir")
    root.file("tree/.hidden-dir/inside")
    root.directory("tree/sub")
    root.file("tree/sub/child")
    root.symlink("tree/dangling", to: "no-such-target")
    root.symlink("tree/loop", to: "loop")
    root.symlink("tree/link-to-sub", to: "sub")
    root.fifo("tree/fifo")
    return root
  }
}

extension TemporaryDirectory {
  /// A directory with every kind of file and the ties that test sort
  /// orders: equal sizes, equal and nanosecond-apart times, special mode
  /// bits, hard links, symlinks of every sort, a socket, a fifo, an ACL, a
  /// character device (through a symlink to /dev/null) and names that
  /// defeat naive version sorting.
  static func typed() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("kinds")
    func file(_ name: String, _ contents: String, mode: mode_t = 0o644) {
      root.file("kinds/" + name, contents: contents, mode: mode)
    }
    file("same-size-b", "12345")
    file("same-size-a", "54321")
    file("big", String(repeating: "x", count: 5000))
    file("huge", String(repeating: "y", count: 1_500_000))
    file("setuid", "#!/bin/sh\n", mode: 0o4755)
    file("setgid-noexec", "", mode: 0o2644)
    file("executable", "#!/bin/sh\n", mode: 0o755)
    file("private", "secret", mode: 0o600)
    root.directory("kinds/sticky", mode: 0o1777)
    root.directory("kinds/sticky-noexec", mode: 0o1774)
    root.directory("kinds/setgid-dir", mode: 0o2775)
    root.directory("kinds/subdir")
    root.file("kinds/subdir/inner")
    root.hardLink("kinds/hardlink", to: "kinds/same-size-a")
    root.symlink("kinds/link-to-file", to: "big")
    root.symlink("kinds/link-to-dir", to: "subdir")
    root.symlink("kinds/link-to-exec", to: "executable")
    root.symlink("kinds/dangling", to: "nowhere")
    root.symlink("kinds/link-to-null", to: "/dev/null")
    root.fifo("kinds/fifo")
    root.socket("kinds/socket")
    file("with-acl", "acl")
    root.addAccessControlList("kinds/with-acl")
    for name in [
      "a1", "a01", "a001", "a.tar.gz", "a.tar", "a~", ".a", "1.10", "1.9", "x.TXT", "noext",
    ] {
      file(name, "")
    }
    // Times: two equal, two a nanosecond apart, one far in the past.
    root.setTimes("kinds/same-size-a", seconds: 1_600_000_000, nanoseconds: 5)
    root.setTimes("kinds/same-size-b", seconds: 1_600_000_000, nanoseconds: 5)
    root.setTimes("kinds/big", seconds: 1_600_000_000, nanoseconds: 6)
    root.setTimes(
      "kinds/huge", seconds: 1_600_000_000, nanoseconds: 4, accessSeconds: 1_700_000_000)
    root.setTimes("kinds/a1", seconds: 100_000_000, nanoseconds: 0)
    root.settleAccessTimes(
      ofSymlinks: ["link-to-file", "link-to-dir", "link-to-exec", "dangling", "link-to-null"].map {
        "kinds/" + $0
      })
    return root
  }
}

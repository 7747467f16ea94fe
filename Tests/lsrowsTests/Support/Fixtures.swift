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

/// The colors of `--color`: GNU ls's built-in defaults, or `LS_COLORS`
/// parsed as ls parses it.
struct ColorPalette: Sendable, Equatable {
  /// The two-letter keys of `LS_COLORS`, in ls's order.
  enum Key: Int, CaseIterable, Sendable {
    case left, right, end, reset, normal, file, directory, link, fifo, socket
    case blockDevice, characterDevice, missing, orphan, executable, door
    case setuid, setgid, sticky, otherWritable, stickyOtherWritable, capability
    case multiHardlink, clearToEndOfLine

    static let names = [
      "lc", "rc", "ec", "rs", "no", "fi", "di", "ln", "pi", "so", "bd", "cd", "mi", "or", "ex",
      "do", "su", "sg", "st", "ow", "tw", "ca", "mh", "cl",
    ]
  }

  /// Each key's byte sequence, `nil` where none is set.
  var sequences: [[UInt8]?]
  /// `*.ext=` entries, the most recent first, matched case-insensitively.
  var suffixes: [(suffix: [UInt8], sequence: [UInt8])] = []
  /// `ln=target`: a symlink takes the color of what it points to.
  var linksAsTarget = false

  static func == (lhs: ColorPalette, rhs: ColorPalette) -> Bool {
    lhs.sequences == rhs.sequences && lhs.linksAsTarget == rhs.linksAsTarget
      && lhs.suffixes.map(\.suffix) == rhs.suffixes.map(\.suffix)
      && lhs.suffixes.map(\.sequence) == rhs.suffixes.map(\.sequence)
  }

  /// ls's colors when `LS_COLORS` is unset.
  static let defaults: ColorPalette = {
    var sequences = [[UInt8]?](repeating: nil, count: Key.allCases.count)
    let defaults: [(Key, String)] = [
      (.left, "\u{1B}["), (.right, "m"), (.reset, "0"), (.directory, "01;34"), (.link, "01;36"),
      (.fifo, "33"), (.socket, "01;35"), (.blockDevice, "01;33"), (.characterDevice, "01;33"),
      (.executable, "01;32"), (.door, "01;35"), (.setuid, "37;41"), (.setgid, "30;43"),
      (.sticky, "37;44"), (.otherWritable, "34;42"), (.stickyOtherWritable, "30;42"),
      (.clearToEndOfLine, "\u{1B}[K"),
    ]
    for (key, value) in defaults { sequences[key.rawValue] = Array(value.utf8) }
    return ColorPalette(sequences: sequences)
  }()

  private init(sequences: [[UInt8]?]) {
    self.sequences = sequences
  }

  subscript(key: Key) -> [UInt8]? {
    sequences[key.rawValue]
  }

  /// Whether `key` has a color that shows: set, and not empty, "0" or "00".
  func isColored(_ key: Key) -> Bool {
    guard let sequence = self[key] else { return false }
    return !(sequence.isEmpty || sequence == [0x30] || sequence == [0x30, 0x30])
  }
}

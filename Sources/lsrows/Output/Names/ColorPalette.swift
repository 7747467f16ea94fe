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
  private(set) var sequences: [[UInt8]?]
  /// `*.ext=` entries, the most recent first, matched case-insensitively.
  private(set) var suffixes: [(suffix: [UInt8], sequence: [UInt8])] = []
  /// `ln=target`: a symlink takes the color of what it points to.
  private(set) var linksAsTarget = false

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

  /// What is wrong with an `LS_COLORS` value, in ls's words.
  enum ParseError: Error, Equatable {
    /// A two-letter key ls does not know; ls names it, then gives up.
    case unrecognizedPrefix([UInt8])
    case unparsable
  }

  /// Parses `LS_COLORS` on top of the defaults, as ls's parse_ls_color.
  ///
  /// - Throws: The problem; ls then reports it and shows no colors at all.
  static func parse(_ value: [UInt8]) throws(ParseError) -> ColorPalette {
    var palette = ColorPalette.defaults
    var index = 0
    func next() -> UInt8? { index < value.count ? value[index] : nil }
    while let byte = next() {
      switch byte {
      case UInt8(ascii: ":"):
        index += 1
      case UInt8(ascii: "*"):
        index += 1
        let suffix = try funkyString(value, &index, equalsEnds: true)
        guard next() == UInt8(ascii: "=") else { throw .unparsable }
        index += 1
        let sequence = try funkyString(value, &index, equalsEnds: false)
        palette.suffixes.insert((suffix, sequence), at: 0)
      default:
        guard index + 2 <= value.count else { throw .unparsable }
        let label = Array(value[index..<index + 2])
        index += 2
        guard next() == UInt8(ascii: "=") else { throw .unparsable }
        index += 1
        guard let key = Key.names.firstIndex(of: String(decoding: label, as: UTF8.self)) else {
          throw .unrecognizedPrefix(label)
        }
        do {
          palette.sequences[key] = try funkyString(value, &index, equalsEnds: false)
        } catch {
          // ls reports a bad value of a known key as an unknown prefix too.
          throw .unrecognizedPrefix(label)
        }
      }
    }
    palette.linksAsTarget = palette[.link] == Array("target".utf8)
    return palette
  }

  /// Reads one value of `LS_COLORS` with its escapes: `\\a` `\\e` `\\n`
  /// and friends, octal `\\033`, hex `\\x1b`, `\\_` for a space, and caret
  /// notation `^[`; it ends at `:` (or `=` for a suffix) or the end.
  private static func funkyString(
    _ value: [UInt8], _ index: inout Int, equalsEnds: Bool
  ) throws(ParseError) -> [UInt8] {
    var result: [UInt8] = []
    while index < value.count {
      let byte = value[index]
      if byte == UInt8(ascii: ":") || (equalsEnds && byte == UInt8(ascii: "=")) { break }
      index += 1
      switch byte {
      case UInt8(ascii: "\\"):
        guard index < value.count else { throw .unparsable }
        let escaped = value[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var number = escaped - UInt8(ascii: "0")
          while index < value.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(value[index])
          {
            number = number &<< 3 &+ (value[index] - UInt8(ascii: "0"))
            index += 1
          }
          result.append(number)
        case UInt8(ascii: "x"):
          var number: UInt8 = 0
          while index < value.count, let digit = hexValue(value[index]) {
            number = number &<< 4 &+ digit
            index += 1
          }
          result.append(number)
        case UInt8(ascii: "a"): result.append(0x07)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "e"): result.append(0x1B)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "v"): result.append(0x0B)
        case UInt8(ascii: "?"): result.append(0x7F)
        case UInt8(ascii: "_"): result.append(0x20)
        default: result.append(escaped)
        }
      case UInt8(ascii: "^"):
        guard index < value.count else { throw .unparsable }
        let caret = value[index]
        index += 1
        switch caret {
        case UInt8(ascii: "@")...UInt8(ascii: "~"): result.append(caret & 0o37)
        case UInt8(ascii: "?"): result.append(0x7F)
        default: throw .unparsable
        }
      default:
        result.append(byte)
      }
    }
    return result
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The sequence for a file, chosen as ls's get_color_indicator chooses.
  ///
  /// - Parameters:
  ///   - name: The name, for `*.ext` entries.
  ///   - status: The file's status, `nil` when it was not read.
  ///   - kind: The kind from the directory entry, used without a status.
  ///   - targetMode: For a symlink, the mode of what it points to; 0 when
  ///     it points nowhere or was not looked at.
  ///   - isTarget: Whether this colors a symlink's target (in `-l`).
  /// - Returns: The sequence, or `nil` for no color.
  func sequence(
    name: some Collection<UInt8>, status: FileStatus?, kind: FileKind, targetMode: UInt32,
    isTarget: Bool = false
  ) -> [UInt8]? {
    let linkOK = targetMode != 0
    var key: Key
    if isTarget && !linkOK && isColored(.missing) {
      key = .missing
    } else if let status {
      let mode = isTarget ? targetMode : (linksAsTarget && linkOK ? targetMode : status.mode)
      let modeKind = FileKind(mode: mode)
      key = Self.key(of: modeKind)
      switch modeKind {
      case .regularFile:
        if mode & 0o4000 != 0 && isColored(.setuid) {
          key = .setuid
        } else if mode & 0o2000 != 0 && isColored(.setgid) {
          key = .setgid
        } else if mode & 0o111 != 0 && isColored(.executable) {
          key = .executable
        } else if status.linkCount > 1 && isColored(.multiHardlink) {
          key = .multiHardlink
        }
      case .directory:
        if mode & 0o1000 != 0 && mode & 0o002 != 0 && isColored(.stickyOtherWritable) {
          key = .stickyOtherWritable
        } else if mode & 0o002 != 0 && isColored(.otherWritable) {
          key = .otherWritable
        } else if mode & 0o1000 != 0 && isColored(.sticky) {
          key = .sticky
        }
      default:
        break
      }
    } else {
      key = Self.key(of: kind)
    }
    if key == .file, let match = suffixes.first(where: { Self.hasSuffix(name, $0.suffix) }) {
      return match.sequence
    }
    if key == .link && !linkOK && (linksAsTarget || isColored(.orphan)) {
      key = .orphan
    }
    return self[key]
  }

  /// The key of a kind of file, before its mode bits refine it.
  private static func key(of kind: FileKind) -> Key {
    switch kind {
    case .regularFile: .file
    case .directory: .directory
    case .symbolicLink: .link
    case .fifo: .fifo
    case .socket: .socket
    case .blockDevice: .blockDevice
    case .characterDevice: .characterDevice
    case .unknown: .orphan
    }
  }

  /// Whether `name` ends with `suffix`, ignoring ASCII case.
  private static func hasSuffix(_ name: some Collection<UInt8>, _ suffix: [UInt8]) -> Bool {
    guard suffix.count <= name.count else { return false }
    for (a, b) in zip(name.suffix(suffix.count), suffix) where lowercased(a) != lowercased(b) {
      return false
    }
    return true
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// Whether `TERM` names a terminal ls's built-in database knows to take
  /// colors (the `TERM` lines of `dircolors -p`).
  static func isKnownTerminal(_ term: [UInt8]) -> Bool {
    let patterns = [
      "Eterm", "ansi", "*color*", "con[0-9]*x[0-9]*", "cons25", "console", "cygwin", "*direct*",
      "dtterm", "gnome", "hurd", "jfbterm", "konsole", "kterm", "linux", "linux-c", "mlterm",
      "putty", "rxvt*", "screen*", "st", "terminator", "tmux*", "vt100", "xterm*",
    ]
    return patterns.contains { globMatches(Array($0.utf8)[...], term[...]) }
  }

  /// fnmatch for the patterns above: `*`, `[a-b]` classes and literals.
  private static func globMatches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case UInt8(ascii: "*"):
      let rest = pattern.dropFirst()
      var candidate = text
      while true {
        if globMatches(rest, candidate) { return true }
        guard !candidate.isEmpty else { return false }
        candidate = candidate.dropFirst()
      }
    case UInt8(ascii: "["):
      guard let close = pattern.firstIndex(of: UInt8(ascii: "]")), let byte = text.first else {
        return false
      }
      let set = pattern[(pattern.startIndex + 1)..<close]
      var matches = false
      var index = set.startIndex
      while index < set.endIndex {
        if index + 2 < set.endIndex && set[index + 1] == UInt8(ascii: "-") {
          if (set[index]...set[index + 2]).contains(byte) { matches = true }
          index += 3
        } else {
          if set[index] == byte { matches = true }
          index += 1
        }
      }
      return matches && globMatches(pattern[(close + 1)...], text.dropFirst())
    default:
      guard text.first == first else { return false }
      return globMatches(pattern.dropFirst(), text.dropFirst())
    }
  }
}

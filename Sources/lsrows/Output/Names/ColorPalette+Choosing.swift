extension ColorPalette {
  /// The sequence for a file, chosen as ls's get_color_indicator chooses.
  ///
  /// - Parameters:
  ///   - name: The name, for `*.ext` entries.
  ///   - status: The file's status, `nil` when it was not read.
  ///   - kind: The kind from the directory entry, used without a status.
  ///   - targetMode: For a symlink, the mode of what it points to; `nil`
  ///     when it points nowhere or was not looked at.
  ///   - isTarget: Whether this colors a symlink's target (in `-l`).
  /// - Returns: The sequence, or `nil` for no color.
  func sequence(
    name: some Collection<UInt8>, status: FileStatus?, kind: FileKind, targetMode: FileMode?,
    isTarget: Bool = false
  ) -> [UInt8]? {
    let linkOK = targetMode != nil
    var key: Key
    if isTarget && !linkOK && isColored(.missing) {
      key = .missing
    } else if let status {
      // A target that points nowhere has no kind: it takes the orphan color.
      let mode =
        isTarget
        ? targetMode ?? FileMode(rawValue: 0)
        : (linksAsTarget ? targetMode ?? status.mode : status.mode)
      let modeKind = mode.kind
      key = Self.key(of: modeKind)
      switch modeKind {
      case .regularFile:
        if mode.has(.setUserID) && isColored(.setuid) {
          key = .setuid
        } else if mode.has(.setGroupID) && isColored(.setgid) {
          key = .setgid
        } else if mode.isExecutable && isColored(.executable) {
          key = .executable
        } else if status.linkCount > 1 && isColored(.multiHardlink) {
          key = .multiHardlink
        }
      case .directory:
        if mode.has([.sticky, .otherWrite]) && isColored(.stickyOtherWritable) {
          key = .stickyOtherWritable
        } else if mode.has(.otherWrite) && isColored(.otherWritable) {
          key = .otherWritable
        } else if mode.has(.sticky) && isColored(.sticky) {
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
  static func key(of kind: FileKind) -> Key {
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
}

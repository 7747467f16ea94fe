/// Which entries whose names start with a dot are listed.
enum HiddenEntries: Sendable {
  /// None of them (the default).
  case none
  /// All but `.` and `..` (`-A`).
  case almostAll
  /// All of them, `.` and `..` too (`-a`).
  case all
}

extension HiddenEntries {
  /// Whether a name that starts with a dot is kept.
  func keeps(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    switch self {
    case .none: return false
    case .all: return true
    case .almostAll:
      let isDotOrDotDot = name.count == 1 || (name.count == 2 && name[1] == UInt8(ascii: "."))
      return !isDotOrDotDot
    }
  }
}

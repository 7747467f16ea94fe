/// What was read about an entry beyond its directory entry, when an option
/// needed it.
struct EntryDetails: Sendable {
  /// The entry's status (`lstat`, or `stat` under `-L`), or `nil` when it
  /// could not be read (it vanished).
  var status: FileStatus?
  /// For a symbolic link, the mode of what it points to; `nil` when it
  /// points nowhere or nothing needed to look.
  var targetMode: FileMode?
  /// The mark after `-l`'s mode string.
  var accessMark = AccessMark.none
}

/// What `-l` writes after the mode string, as ls decides it: `+` for an
/// access control list, `.` for a security context alone.
enum AccessMark: Sendable {
  case none
  case securityContext
  case accessControlList

  /// The mark for what a file's extended attributes hold.
  init(_ found: ExtendedAttributes.Found) {
    if found.hasAccessControlList {
      self = .accessControlList
    } else if found.securityContext != nil {
      self = .securityContext
    } else {
      self = .none
    }
  }

  /// The byte written after the mode string.
  var byte: UInt8 {
    switch self {
    case .none: UInt8(ascii: " ")
    case .securityContext: UInt8(ascii: ".")
    case .accessControlList: UInt8(ascii: "+")
    }
  }
}

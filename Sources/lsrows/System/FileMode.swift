import Glibc

/// A file's `st_mode`: its kind and its permission bits.
struct FileMode: RawRepresentable, Hashable, Sendable {
  let rawValue: UInt32

  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The kind of file the mode records.
  var kind: FileKind {
    FileKind(mode: self)
  }

  /// The permission bits, special bits included.
  var permissions: FilePermissions {
    FilePermissions(rawValue: rawValue).intersection(.all)
  }

  /// Whether the mode has every bit of `permissions`.
  func has(_ permissions: FilePermissions) -> Bool {
    self.permissions.isSuperset(of: permissions)
  }

  /// Whether anyone may execute the file.
  var isExecutable: Bool {
    !permissions.isDisjoint(with: .anyExecute)
  }

  /// The bits that say which kind of file this is (`S_IFMT`).
  var kindBits: UInt32 {
    rawValue & UInt32(S_IFMT)
  }
}

/// A failed system call: which call, on which path, and the error number.
///
/// Messages for people are made from it at the edge (``Diagnostics``); the
/// call decides the wording there, as ls words each failure differently.
struct SystemError: Error, Equatable {
  /// The operations whose failure a user gets told about.
  enum Call: Equatable {
    /// Reading a file's status (`stat`, `lstat`, `fstatat`).
    case status
    /// Opening a directory to list it.
    case openDirectory
    /// Reading the entries of an open directory.
    case readDirectory
    /// Reading where a symbolic link points.
    case readLink
    /// Opening a file to read operands from.
    case openForReading
    /// Reading operands from a file.
    case read
    /// Writing the output.
    case write
  }

  let call: Call
  /// The path as the user would write it; empty for `write`.
  let path: [UInt8]
  let errno: Errno
}

extension SystemError {
  static func status(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .status, path: path, errno: errno)
  }

  static func openDirectory(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .openDirectory, path: path, errno: errno)
  }

  static func readDirectory(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .readDirectory, path: path, errno: errno)
  }

  static func readLink(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .readLink, path: path, errno: errno)
  }

  static func openForReading(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .openForReading, path: path, errno: errno)
  }

  static func read(_ path: [UInt8], _ errno: Errno) -> SystemError {
    SystemError(call: .read, path: path, errno: errno)
  }

  static func write(_ errno: Errno) -> SystemError {
    SystemError(call: .write, path: [], errno: errno)
  }
}

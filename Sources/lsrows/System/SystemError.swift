/// A failed system call: which call, on which path, and the error number.
///
/// Messages for people are made from it at the edge (``Diagnostics``); the
/// call decides the wording there, as ls words each failure differently.
struct SystemError: Error, Equatable, Sendable {
  /// The operations whose failure a user gets told about.
  enum Call: Equatable, Sendable {
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
    /// Making, writing or reading a temporary file of sorted rows; the
    /// path is the directory it is in.
    case temporaryFile
    /// Reading an ignore file or git configuration for `--gitignore`.
    case readIgnoreFile
    /// A line of a git configuration file that git refuses, by number.
    case configLine(Int)
  }

  let call: Call
  /// The path as the user would write it; empty for `write`.
  let path: [UInt8]
  let errno: Errno
}

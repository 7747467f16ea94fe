import Glibc

/// An error number from the C library, named the way this program talks about it.
struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  let rawValue: CInt

  init(rawValue: CInt) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno`.
  static var current: Errno {
    Errno(rawValue: errno)
  }

  static let interrupted = Errno(rawValue: EINTR)
  static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  static let notADirectory = Errno(rawValue: ENOTDIR)
  static let isADirectory = Errno(rawValue: EISDIR)
  static let brokenPipe = Errno(rawValue: EPIPE)
  static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  static let outOfMemory = Errno(rawValue: ENOMEM)
  static let valueOverflow = Errno(rawValue: EOVERFLOW)
  static let notImplemented = Errno(rawValue: ENOSYS)

  /// Whether the process (EMFILE) or the system (ENFILE) has no file
  /// descriptor left: a walk then closes directories it holds open and
  /// tries again.
  var isOutOfDescriptors: Bool {
    self == .tooManyOpenFiles || self == .tooManyOpenFilesInSystem
  }

  /// The C library's message for this error, as `strerror` gives it in the C locale.
  var description: String {
    String(cString: strerror(rawValue))
  }
}

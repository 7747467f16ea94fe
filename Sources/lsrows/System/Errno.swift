import Glibc

/// An error number from the C library, named the way this program talks about it.
struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  let rawValue: CInt

  init(rawValue: CInt) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno`.
  static var current: Errno {
    get { Errno(rawValue: errno) }
    set { errno = newValue.rawValue }
  }

  static let none = Errno(rawValue: 0)
  static let interrupted = Errno(rawValue: EINTR)
  static let wouldBlock = Errno(rawValue: EAGAIN)
  static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  static let notADirectory = Errno(rawValue: ENOTDIR)
  static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  static let permissionDenied = Errno(rawValue: EACCES)
  static let badFileDescriptor = Errno(rawValue: EBADF)
  static let brokenPipe = Errno(rawValue: EPIPE)
  static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  static let outOfMemory = Errno(rawValue: ENOMEM)
  static let valueOverflow = Errno(rawValue: EOVERFLOW)
  static let invalidArgument = Errno(rawValue: EINVAL)
  static let noSpace = Errno(rawValue: ENOSPC)

  /// The C library's message for this error, as `strerror` gives it in the C locale.
  var description: String {
    String(cString: strerror(rawValue))
  }
}

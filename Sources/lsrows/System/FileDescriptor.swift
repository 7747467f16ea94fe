import CLinux
import Glibc

/// An open file descriptor; the caller decides when to close it.
struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  let rawValue: CInt

  init(rawValue: CInt) {
    self.rawValue = rawValue
  }

  static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
  static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
  static let standardError = FileDescriptor(rawValue: STDERR_FILENO)
  /// Stands for the working directory in the `*at` calls.
  static let currentDirectory = FileDescriptor(rawValue: AT_FDCWD)

  /// Opens a directory for reading its entries.
  ///
  /// - Parameters:
  ///   - name: The path, relative to `directory` unless absolute.
  ///   - directory: The directory `name` is resolved from.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  /// - Returns: The open directory.
  /// - Throws: The `openat` error.
  static func openDirectory(
    _ name: UnsafePointer<CChar>,
    relativeTo directory: FileDescriptor = .currentDirectory,
    followingSymlink: Bool = true
  ) throws(Errno) -> FileDescriptor {
    var flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK
    if !followingSymlink { flags |= O_NOFOLLOW }
    return try opened(name, relativeTo: directory, flags: flags)
  }

  /// `openat(2)` of `name` from `directory` with `flags` (no `O_CREAT`),
  /// retried on EINTR; not a cancellation point (``clinux_openat``).
  static func opened(
    _ name: UnsafePointer<CChar>, relativeTo directory: FileDescriptor, flags: CInt
  ) throws(Errno) -> FileDescriptor {
    FileDescriptor(
      rawValue: try retryingInterrupts { clinux_openat(directory.rawValue, name, flags) })
  }

  /// Opens a file read-only, for reading operand lists.
  static func openForReading(_ name: UnsafePointer<CChar>) throws(Errno) -> FileDescriptor {
    let fd = try retryingInterrupts { open(name, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the descriptor.
  ///
  /// Linux releases it even when close reports an error, so there is
  /// nothing to retry. Not a cancellation point (``clinux_close``).
  func close() {
    _ = clinux_close(rawValue)
  }

  /// Whether this descriptor number is open.
  var isOpen: Bool {
    fcntl(rawValue, F_GETFD) != -1
  }

  /// Whether `path`, from this directory, exists and can be searched.
  func isAccessible(_ path: UnsafePointer<CChar>) -> Bool {
    faccessat(rawValue, path, X_OK, 0) == 0
  }

  /// Reads up to `buffer.count` bytes; 0 means end of file.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Occupies a closed standard descriptor with `/dev/null`, read-only.
  ///
  /// Later opens then never land on descriptor 1 or 2, and a write to a
  /// closed standard output still fails with EBADF, as ls reports it.
  static func occupyIfClosed(_ descriptor: FileDescriptor) {
    guard !descriptor.isOpen else { return }
    let fd = open("/dev/null", O_RDONLY)
    if fd >= 0 && fd != descriptor.rawValue {
      _ = dup2(fd, descriptor.rawValue)
      _ = Glibc.close(fd)
    }
  }
}

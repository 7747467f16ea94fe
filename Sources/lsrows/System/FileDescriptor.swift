import Glibc

/// An open file descriptor; the caller decides when to close it.
struct FileDescriptor: RawRepresentable, Hashable {
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
    let fd = try retryingInterrupts { openat(directory.rawValue, name, flags) }
    return FileDescriptor(rawValue: fd)
  }

  /// Opens a file read-only, for reading operand lists.
  static func openForReading(_ name: UnsafePointer<CChar>) throws(Errno) -> FileDescriptor {
    let fd = try retryingInterrupts { open(name, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
    return FileDescriptor(rawValue: fd)
  }

  /// Closes the descriptor.
  ///
  /// Linux releases it even when close reports an error, so there is
  /// nothing to retry.
  func close() {
    _ = Glibc.close(rawValue)
  }

  /// Whether this descriptor number is open.
  var isOpen: Bool {
    fcntl(rawValue, F_GETFD) != -1
  }

  /// Whether `path`, from this directory, exists and can be searched.
  func isAccessible(_ path: UnsafePointer<CChar>) -> Bool {
    faccessat(rawValue, path, X_OK, 0) == 0
  }

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool {
    isatty(rawValue) == 1
  }

  /// Writes all of `bytes`, retrying short writes and EINTR and waiting when a
  /// non-blocking descriptor is full.
  func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var remaining = bytes
    while !remaining.isEmpty {
      let written = Glibc.write(rawValue, remaining.baseAddress, remaining.count)
      if written >= 0 {
        remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
        continue
      }
      switch Errno.current {
      case .interrupted: continue
      case .wouldBlock: waitUntilWritable()
      case let error: throw error
      }
    }
  }

  private func waitUntilWritable() {
    var request = pollfd(fd: rawValue, events: Int16(POLLOUT), revents: 0)
    _ = poll(&request, 1, -1)
  }

  /// Reads up to `buffer.count` bytes; 0 means end of file.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// The status of the open file itself.
  func status() throws(Errno) -> FileStatus {
    var buffer = stat()
    _ = try retryingInterrupts { fstat(rawValue, &buffer) }
    return FileStatus(buffer)
  }

  /// The status of `name`, resolved from this directory.
  ///
  /// - Parameters:
  ///   - name: A path relative to this directory, or absolute.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  /// - Returns: What `fstatat` reports.
  /// - Throws: The `fstatat` error.
  func status(
    of name: UnsafePointer<CChar>,
    followingSymlink: Bool
  ) throws(Errno) -> FileStatus {
    var buffer = stat()
    let flags = followingSymlink ? 0 : AT_SYMLINK_NOFOLLOW
    _ = try retryingInterrupts { fstatat(rawValue, name, &buffer, flags) }
    return FileStatus(buffer)
  }

  /// The target of the symlink `name`, resolved from this directory, as bytes.
  func symlinkTarget(of name: UnsafePointer<CChar>) throws(Errno) -> [UInt8] {
    var capacity = 256
    while true {
      var target = [UInt8](repeating: 0, count: capacity)
      let count: Int = try target.withUnsafeMutableBufferPointer { buffer throws(Errno) in
        let chars = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        return try retryingInterrupts { readlinkat(rawValue, name, chars, buffer.count) }
      }
      // A full buffer may mean a longer target: try again with more room.
      if count < capacity {
        target.removeSubrange(count..<capacity)
        return target
      }
      capacity *= 4
    }
  }
}

extension FileDescriptor {
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

extension FileDescriptor {
  /// The width of the terminal this descriptor is, if it is one.
  var terminalWidth: Int? {
    var size = winsize()
    guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

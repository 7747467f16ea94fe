import Glibc

extension FileDescriptor {
  /// The status of the open file itself.
  func status() throws(Errno) -> FileStatus {
    // AT_EMPTY_PATH (0x1000): the descriptor itself; the Glibc module lacks the name.
    if let status = try extendedStatus(of: "", flags: 0x1000) { return status }
    var buffer = stat()
    _ = try retryingInterrupts { fstat(rawValue, &buffer) }
    return FileStatus(buffer)
  }

  /// The status of `name`, resolved from this directory.
  ///
  /// - Parameters:
  ///   - name: A path relative to this directory, or absolute.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  /// - Returns: What `statx` reports (or `fstatat`, where there is no `statx`).
  /// - Throws: The call's error.
  func status(
    of name: UnsafePointer<CChar>,
    followingSymlink: Bool
  ) throws(Errno) -> FileStatus {
    let flags = followingSymlink ? 0 : AT_SYMLINK_NOFOLLOW
    if let status = try extendedStatus(of: name, flags: flags) { return status }
    var buffer = stat()
    _ = try retryingInterrupts { fstatat(rawValue, name, &buffer, flags) }
    return FileStatus(buffer)
  }

  /// The status as `statx` reports it, as ls 9.1 reads every status.
  ///
  /// The basic fields and the birth time; `nil` when the C library or the
  /// kernel has no `statx`.
  private func extendedStatus(
    of name: UnsafePointer<CChar>, flags: CInt
  ) throws(Errno) -> FileStatus? {
    guard let call = extendedStatusCall else { return nil }
    return try withUnsafeTemporaryAllocation(
      byteCount: StatusRecord.size, alignment: 8
    ) { buffer throws(Errno) -> FileStatus? in
      _ = try retryingInterrupts {
        call(rawValue, name, flags, StatusRecord.wantedFields, buffer.baseAddress)
      }
      return StatusRecord(buffer.baseAddress!).status
    }
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

private typealias ExtendedStatus =
  @convention(c) (CInt, UnsafePointer<CChar>?, CInt, UInt32, UnsafeMutableRawPointer?) -> CInt

/// glibc's `statx` (2.28), looked up once by name: Swift's Glibc module does
/// not declare it.
private let extendedStatusFunction: ExtendedStatus? = {
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "statx") else { return nil }
  return unsafeBitCast(symbol, to: ExtendedStatus.self)
}()

/// `statx` when the C library has it and the kernel answers it (a kernel
/// before 4.11 says ENOSYS; every status then comes from `stat`), asked
/// once, on the working directory.
private let extendedStatusCall: ExtendedStatus? = {
  guard let call = extendedStatusFunction else { return nil }
  var probe = [UInt8](repeating: 0, count: StatusRecord.size)
  let result = call(AT_FDCWD, ".", 0, StatusRecord.basicFields, &probe)
  return result == 0 || Errno.current != .notImplemented ? call : nil
}()

import Glibc

extension FileDescriptor {
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

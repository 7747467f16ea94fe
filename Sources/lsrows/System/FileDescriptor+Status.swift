import CLinux
import Glibc
import Synchronization

extension FileDescriptor {
  /// The status of the open file itself.
  func status() throws(Errno) -> FileStatus {
    if let status = try extendedStatus(
      of: "", flags: clinux_at_empty_path, fields: StatusFields.all.rawValue, FileStatus.init)
    {
      return status
    }
    var buffer = stat()
    _ = try retryingInterrupts { fstat(rawValue, &buffer) }
    return FileStatus(buffer)
  }

  /// The device and inode of the open file itself: what a walk needs of a
  /// directory it enters, to stop at loops and other file systems.
  ///
  /// They cannot change while the file is open, so the kernel answers
  /// from what it holds (`AT_STATX_DONT_SYNC`): on NFS or FUSE, reading
  /// the whole status is a round trip to the server for every directory.
  func identity() throws(Errno) -> DirectoryIdentity {
    if let identity = try extendedStatus(
      of: "", flags: clinux_at_empty_path | clinux_at_statx_dont_sync, fields: UInt32(STATX_INO),
      { DirectoryIdentity(device: $0.pointee.device, inode: $0.pointee.stx_ino) })
    {
      return identity
    }
    return DirectoryIdentity(try status())
  }

  /// The status of `name`, resolved from this directory.
  ///
  /// - Parameters:
  ///   - name: A path relative to this directory, or absolute.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  ///   - fields: What is read; the kind is read whatever is asked.
  /// - Returns: What `statx` reports (or `fstatat`, where there is no
  ///   `statx`), zero in the fields not asked for.
  /// - Throws: The call's error.
  func status(
    of name: UnsafePointer<CChar>,
    followingSymlink: Bool,
    fields: StatusFields = .all
  ) throws(Errno) -> FileStatus {
    let flags = followingSymlink ? 0 : AT_SYMLINK_NOFOLLOW
    let fields = fields.union(.kind)
    if let status = try extendedStatus(
      of: name, flags: flags, fields: fields.rawValue, FileStatus.init)
    {
      return status.keeping(fields)
    }
    var buffer = stat()
    _ = try retryingInterrupts { fstatat(rawValue, name, &buffer, flags) }
    return FileStatus(buffer).keeping(fields)
  }

  /// What `read` makes of the record `statx` fills for `name` and
  /// `fields` (as ls 9.1 reads every status); `nil` when the kernel has no
  /// `statx` (before 4.11).
  private func extendedStatus<Result>(
    of name: UnsafePointer<CChar>, flags: CInt, fields: UInt32,
    _ read: (UnsafePointer<statx>) -> Result
  ) throws(Errno) -> Result? {
    guard kernelHasStatx.load(ordering: .relaxed) else { return nil }
    // Uninitialized: statx fills what is read, and zeroing the record
    // first would cost as much again.
    return try withUnsafeTemporaryAllocation(of: statx.self, capacity: 1) {
      record throws(Errno) -> Result? in
      do throws(Errno) {
        _ = try retryingInterrupts {
          clinux_statx(rawValue, name, flags, fields, record.baseAddress)
        }
      } catch .notImplemented {
        kernelHasStatx.store(false, ordering: .relaxed)
        return nil
      }
      return read(record.baseAddress!)
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

/// Whether the kernel answers `statx`.
///
/// One before 4.11 (or a sandbox that hides the call) says ENOSYS to the
/// first call, and every status then comes from `stat`. Learned from that
/// call rather than asked ahead, so that a listing looks at nothing it was
/// not asked about, such as a working directory on a slow server.
private let kernelHasStatx = Atomic(true)

import Glibc

/// An open directory read with `getdents64`, so names arrive as the
/// kernel's bytes.
///
/// The records are parsed in place from one buffer per directory, which
/// saves `readdir`'s call per entry and `fdopendir`'s two system calls per
/// directory; a recursive walk opens thousands of directories.
///
/// A stream may be handed to another thread (the rest of a large directory
/// is read on one while this one sorts what came), but only one thread
/// uses it at a time.
final class DirectoryStream: @unchecked Sendable {
  // Unchecked: its position and buffer change as it reads, unguarded. The
  // thread that hands it over waits, through the hand-off queue, until the
  // other has finished with it (``ProducerThread/stop()`` joins), so no two
  // threads ever touch it at once.
  /// The open directory; closed when the stream goes away.
  private(set) var descriptor: FileDescriptor
  private var buffer: UnsafeMutableRawPointer?
  /// The buffer lent to the stream; `nil` when it allocates its own.
  ///
  /// Kept to read the next directory into when the stream is reused
  /// (``reopen(_:relativeTo:followingSymlink:)``). A walk lends one buffer to every
  /// subdirectory it reads whole, one after the other.
  private let lentBuffer: UnsafeMutableRawPointer?
  private var position = 0
  private var end = 0
  private(set) var reachedEnd = false

  /// The size of the record buffer: what glibc's `readdir` uses.
  static let bufferSize = 32 * 1024

  /// Opens a directory.
  ///
  /// - Parameters:
  ///   - name: The path, relative to `directory` unless absolute.
  ///   - directory: Where a relative `name` starts.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  ///   - lentBuffer: A buffer of ``bufferSize`` bytes to read into, which
  ///     the lender frees; it must not be lent to another stream until this
  ///     one has been read to its end.
  /// - Throws: The error of `openat`.
  init(
    opening name: UnsafePointer<CChar>,
    relativeTo directory: FileDescriptor = .currentDirectory,
    followingSymlink: Bool = true,
    lentBuffer: UnsafeMutableRawPointer? = nil
  ) throws(Errno) {
    descriptor = try FileDescriptor.openDirectory(
      name, relativeTo: directory, followingSymlink: followingSymlink)
    buffer = lentBuffer
    self.lentBuffer = lentBuffer
  }

  /// A stream with no directory open yet, for a thread that reads whole
  /// directories one after another with ``reopen(_:relativeTo:followingSymlink:)``:
  /// one stream for all of them, not an object per directory.
  ///
  /// - Parameter lentBuffer: As in ``init(opening:relativeTo:followingSymlink:lentBuffer:)``.
  init(reusing lentBuffer: UnsafeMutableRawPointer) {
    descriptor = Self.noDirectory
    buffer = lentBuffer
    self.lentBuffer = lentBuffer
    reachedEnd = true
  }

  deinit {
    if ownsBuffer { buffer?.deallocate() }
    close()
  }

  /// Whether the buffer is this stream's own, to free.
  private var ownsBuffer: Bool {
    lentBuffer == nil
  }

  /// What ``descriptor`` is while a reused stream has no directory open.
  private static let noDirectory = FileDescriptor(rawValue: -1)

  /// Opens the directory `name`, relative to `directory` (the working
  /// directory unless given), in place of the one the stream had, which is
  /// closed.
  ///
  /// For a stream made with ``init(reusing:)``: the directory before must
  /// have been read to its end, or be abandoned, as the buffer is reused.
  ///
  /// - Throws: The error of `openat`; the stream then has no directory.
  func reopen(
    _ name: UnsafePointer<CChar>, relativeTo directory: FileDescriptor = .currentDirectory,
    followingSymlink: Bool
  ) throws(Errno) {
    assert(!ownsBuffer, "a stream made to be reused")
    close()
    descriptor = try FileDescriptor.openDirectory(
      name, relativeTo: directory, followingSymlink: followingSymlink)
    buffer = lentBuffer
    (position, end, reachedEnd) = (0, 0, false)
  }

  /// Gives up the open directory, which the caller then closes.
  ///
  /// The stream then reads as ended. `nil` when it has none.
  func detachDescriptor() -> FileDescriptor? {
    guard descriptor != Self.noDirectory else { return nil }
    defer {
      descriptor = Self.noDirectory
      (position, end, reachedEnd) = (0, 0, true)
    }
    return descriptor
  }

  /// Closes the directory, which the stream then reads as ended: for a
  /// reused stream, between directories.
  func close() {
    if descriptor != Self.noDirectory { descriptor.close() }
    descriptor = Self.noDirectory
    (position, end, reachedEnd) = (0, 0, true)
  }

  /// Calls `body` with each record in turn until it returns `false` or the
  /// directory ends.
  ///
  /// A record is valid only during its call. The record `body` refuses is
  /// consumed all the same, so a caller that stops should keep it.
  ///
  /// - Returns: `true` when the end of the directory was reached.
  /// - Throws: The error `getdents64` reported; the records before it have
  ///   been handed over.
  func forEachRecord(_ body: (DirectoryRecord) -> Bool) throws(Errno) -> Bool {
    while true {
      if position >= end {
        if reachedEnd { return true }
        try fill()
        if reachedEnd { return true }
      }
      let record = DirectoryRecord(at: buffer! + position)
      position += record.length
      guard body(record) else { return false }
    }
  }

  /// Reads the next records into the buffer, or notes the end.
  private func fill() throws(Errno) {
    if buffer == nil {
      buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize, alignment: 8)
    }
    let count: Int
    do {
      count = try retryingInterrupts {
        readDirectoryRecords(descriptor.rawValue, buffer!, Self.bufferSize)
      }
    } catch {
      // A directory removed after it was opened has, as ls (since coreutils
      // 8.33) sees it, simply no more entries.
      guard error == .noSuchFileOrDirectory else { throw error }
      count = 0
    }
    position = 0
    end = count
    if count == 0 {
      reachedEnd = true
      // The walk keeps finished directories open as handles; not their buffers.
      if ownsBuffer { buffer?.deallocate() }
      buffer = nil
    }
  }
}

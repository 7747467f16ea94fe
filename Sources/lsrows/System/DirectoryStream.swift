import Glibc

/// An open directory read with `getdents64`, so names arrive as the
/// kernel's bytes.
///
/// The records are parsed in place from one buffer per directory, which
/// saves `readdir`'s call per entry and `fdopendir`'s two system calls per
/// directory; a recursive walk opens thousands of directories.
///
/// A stream may be handed to another thread (to read ahead), but only one
/// thread uses it at a time.
final class DirectoryStream: @unchecked Sendable {
  /// The open directory; closed when the stream goes away.
  let descriptor: FileDescriptor
  private var buffer: UnsafeMutableRawPointer?
  private var position = 0
  private var end = 0
  private var reachedEnd = false

  /// The size of the record buffer: what glibc's `readdir` uses.
  private static let bufferSize = 32 * 1024

  /// Opens a directory.
  ///
  /// - Parameters:
  ///   - name: The path, relative to `directory` unless absolute.
  ///   - directory: Where a relative `name` starts.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  /// - Throws: The error of `openat`.
  init(
    opening name: UnsafePointer<CChar>,
    relativeTo directory: FileDescriptor = .currentDirectory,
    followingSymlink: Bool = true
  ) throws(Errno) {
    descriptor = try FileDescriptor.openDirectory(
      name, relativeTo: directory, followingSymlink: followingSymlink)
  }

  deinit {
    buffer?.deallocate()
    descriptor.close()
  }

  /// Reads entries into `list` until `limit` entries have been added or the
  /// directory ends.
  ///
  /// - Parameters:
  ///   - list: Where entries are appended.
  ///   - limit: The most entries to add in this call.
  ///   - hidden: Which dot entries to keep.
  /// - Returns: `true` when the end of the directory was reached.
  /// - Throws: The error `getdents64` reported; entries read before it stay in `list`.
  func read(
    into list: inout EntryList,
    limit: Int = .max,
    keeping hidden: HiddenEntries
  ) throws(Errno) -> Bool {
    var added = 0
    while added < limit {
      if position >= end {
        if reachedEnd { return true }
        try fill()
        if reachedEnd { return true }
      }
      let record = buffer! + position
      let recordLength = Int(record.load(fromByteOffset: 16, as: UInt16.self))
      position += recordLength
      let name = (record + 19).assumingMemoryBound(to: UInt8.self)
      // The name is NUL-terminated within the record, which pads it.
      let length = strnlen(
        UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), recordLength - 19)
      if name[0] == UInt8(ascii: ".") && !Self.keeps(name, length: length, hidden) {
        continue
      }
      let appended: Bool
      do {
        appended = try list.append(
          name: UnsafeBufferPointer(start: name, count: length),
          kind: FileKind(directoryEntryType: record.load(fromByteOffset: 18, as: UInt8.self)),
          inode: record.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
      } catch {
        // The callers turn this into "memory exhausted", which ends lsrows.
        throw .outOfMemory
      }
      guard appended else { throw .valueOverflow }
      added += 1
    }
    return false
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
      buffer?.deallocate()
      buffer = nil
    }
  }

  private static func keeps(
    _ name: UnsafePointer<UInt8>,
    length: Int,
    _ hidden: HiddenEntries
  ) -> Bool {
    switch hidden {
    case .none: return false
    case .all: return true
    case .almostAll:
      let isDotOrDotDot = length == 1 || (length == 2 && name[1] == UInt8(ascii: "."))
      return !isDotOrDotDot
    }
  }
}

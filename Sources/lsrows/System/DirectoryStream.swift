import Glibc

/// An open directory read with `readdir`, so names arrive as the kernel's bytes.
///
/// A stream may be handed to another thread (to read ahead), but only one
/// thread uses it at a time.
final class DirectoryStream: @unchecked Sendable {
  private let handle: OpaquePointer

  /// Opens a directory.
  ///
  /// - Parameters:
  ///   - name: The path, relative to `directory` unless absolute.
  ///   - directory: Where a relative `name` starts.
  ///   - followingSymlink: Whether a symlink as the last component is followed.
  /// - Throws: The error of `openat` or `fdopendir`.
  init(
    opening name: UnsafePointer<CChar>,
    relativeTo directory: FileDescriptor = .currentDirectory,
    followingSymlink: Bool = true
  ) throws(Errno) {
    let descriptor = try FileDescriptor.openDirectory(
      name, relativeTo: directory, followingSymlink: followingSymlink)
    guard let handle = fdopendir(descriptor.rawValue) else {
      let error = Errno.current
      descriptor.close()
      throw error
    }
    self.handle = handle
  }

  deinit {
    closedir(handle)
  }

  /// The descriptor of the open directory, valid while this stream lives.
  var descriptor: FileDescriptor {
    FileDescriptor(rawValue: dirfd(handle))
  }

  private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

  /// Reads entries into `list` until `limit` entries have been added or the
  /// directory ends.
  ///
  /// - Parameters:
  ///   - list: Where entries are appended.
  ///   - limit: The most entries to add in this call.
  ///   - hidden: Which dot entries to keep.
  /// - Returns: `true` when the end of the directory was reached.
  /// - Throws: The error `readdir` reported; entries read before it stay in `list`.
  func read(
    into list: inout EntryList,
    limit: Int = .max,
    keeping hidden: HiddenEntries
  ) throws(Errno) -> Bool {
    var added = 0
    while added < limit {
      // readdir returns NULL both at the end and on failure; only errno tells.
      Errno.current = .none
      guard let entry = readdir(handle) else {
        let error = Errno.current
        if error != .none { throw error }
        return true
      }
      let name = UnsafeRawPointer(entry).advanced(by: Self.nameOffset)
        .assumingMemoryBound(to: UInt8.self)
      let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
      if name[0] == UInt8(ascii: ".") && !Self.keeps(name, length: length, hidden) {
        continue
      }
      let appended = list.append(
        name: UnsafeBufferPointer(start: name, count: length),
        kind: FileKind(directoryEntryType: entry.pointee.d_type),
        inode: UInt64(entry.pointee.d_ino))
      guard appended else { throw .valueOverflow }
      added += 1
    }
    return false
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

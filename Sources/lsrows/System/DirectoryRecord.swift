import Glibc

/// One `linux_dirent64` record, read in place from a `getdents64` buffer.
///
/// The layout is the kernel's (include/linux/dirent.h): an 8-byte inode,
/// an 8-byte offset, a 2-byte record length, a 1-byte type, then the name,
/// NUL-terminated and padded to the record length.
struct DirectoryRecord {
  private static let inodeOffset = 0
  private static let lengthOffset = 16
  private static let typeOffset = 18
  private static let nameOffset = 19

  private let start: UnsafeRawPointer

  /// The record at `start`, which must lie within a filled buffer.
  init(at start: UnsafeRawPointer) {
    self.start = start
  }

  /// The record's length in bytes: where the next record starts.
  var length: Int {
    Int(start.loadUnaligned(fromByteOffset: Self.lengthOffset, as: UInt16.self))
  }

  /// The entry's inode number (`d_ino`).
  var inode: UInt64 {
    start.loadUnaligned(fromByteOffset: Self.inodeOffset, as: UInt64.self)
  }

  /// The entry's `d_type`: `DT_REG`, `DT_DIR`, ..., or `DT_UNKNOWN`.
  var type: UInt8 {
    start.load(fromByteOffset: Self.typeOffset, as: UInt8.self)
  }

  /// The name's bytes, without the NUL; the NUL follows them in the buffer.
  var name: UnsafeBufferPointer<UInt8> {
    let name = start + Self.nameOffset
    // The name ends at its NUL, within the record's padding.
    let count = strnlen(name.assumingMemoryBound(to: CChar.self), length - Self.nameOffset)
    return UnsafeBufferPointer(start: name.assumingMemoryBound(to: UInt8.self), count: count)
  }
}

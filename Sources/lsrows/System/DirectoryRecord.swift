import Glibc

/// One record of a `getdents64` buffer, read in place.
///
/// The record is glibc's `struct dirent64`, which on 64-bit Linux has the
/// layout of the `struct dirent` Swift's Glibc module declares (CLinux.c
/// checks it): the inode, the offset, the record length, the type, then
/// the name, NUL-terminated and padded to the record length.
struct DirectoryRecord {
  // Computed, not stored: a stored static is initialized lazily, and each
  // read of one in the loop over records went through swift_once.
  private static var inodeOffset: Int { MemoryLayout<dirent>.offset(of: \.d_ino)! }
  private static var lengthOffset: Int { MemoryLayout<dirent>.offset(of: \.d_reclen)! }
  private static var typeOffset: Int { MemoryLayout<dirent>.offset(of: \.d_type)! }
  private static var nameOffset: Int { MemoryLayout<dirent>.offset(of: \.d_name)! }

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
  ///
  /// The kernel rounds a record's length up to eight bytes past the name's
  /// NUL, so the NUL is among the last eight bytes of the record, and only
  /// those are searched; the bytes after the NUL are not cleared.
  var name: UnsafeBufferPointer<UInt8> {
    let name = (start + Self.nameOffset).assumingMemoryBound(to: UInt8.self)
    let room = length - Self.nameOffset
    var count = Swift.max(0, room - 8)
    while count < room && name[count] != 0 { count += 1 }
    return UnsafeBufferPointer(start: name, count: count)
  }
}

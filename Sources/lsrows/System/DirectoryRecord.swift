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
  /// NUL, so the NUL is among the record's last eight bytes (the bytes
  /// after it are not cleared). Those are read as one word and the first
  /// zero byte found with arithmetic, not a loop whose end the processor
  /// mispredicts for most names. Where the name has less than eight
  /// bytes of room (a name of up to four bytes), the word starts in the
  /// header, whose bytes are set so as not to be taken for the NUL.
  var name: UnsafeBufferPointer<UInt8> {
    let name = (start + Self.nameOffset).assumingMemoryBound(to: UInt8.self)
    let room = length - Self.nameOffset
    var word = UInt64(littleEndian: (start + length - 8).loadUnaligned(as: UInt64.self))
    let headerBytes = Swift.max(0, 8 - room)
    word |= (1 << (8 * UInt64(headerBytes))) &- 1
    // The lowest byte that is zero sets its top bit here; a borrow can
    // only mark bytes above it.
    let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    let count = room - 8 + zeros.trailingZeroBitCount / 8
    return UnsafeBufferPointer(start: name, count: count)
  }
}

import Glibc

/// A point in time as the file system records it.
struct Timestamp: Comparable, Hashable, Sendable {
  var seconds: Int64
  var nanoseconds: Int32

  static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
  }
}

/// The metadata `stat` reports for one file.
///
/// Stored as 64-bit fields first and 32-bit ones after, so that a million
/// of them pack without padding (88 bytes each).
struct FileStatus: Hashable, Sendable {
  var size: Int64
  var linkCount: UInt64
  var device: UInt64
  var inode: UInt64
  /// The device a block or character device file stands for.
  var deviceNumber: UInt64
  private var accessSeconds: Int64
  private var modificationSeconds: Int64
  private var changeSeconds: Int64
  var mode: UInt32
  var userID: UInt32
  var groupID: UInt32
  private var accessNanoseconds: Int32
  private var modificationNanoseconds: Int32
  private var changeNanoseconds: Int32

  init(_ buffer: stat) {
    size = Int64(buffer.st_size)
    linkCount = UInt64(buffer.st_nlink)
    device = UInt64(buffer.st_dev)
    inode = UInt64(buffer.st_ino)
    deviceNumber = UInt64(buffer.st_rdev)
    accessSeconds = Int64(buffer.st_atim.tv_sec)
    modificationSeconds = Int64(buffer.st_mtim.tv_sec)
    changeSeconds = Int64(buffer.st_ctim.tv_sec)
    mode = buffer.st_mode
    userID = buffer.st_uid
    groupID = buffer.st_gid
    accessNanoseconds = Int32(buffer.st_atim.tv_nsec)
    modificationNanoseconds = Int32(buffer.st_mtim.tv_nsec)
    changeNanoseconds = Int32(buffer.st_ctim.tv_nsec)
  }

  var accessTime: Timestamp {
    Timestamp(seconds: accessSeconds, nanoseconds: accessNanoseconds)
  }

  var modificationTime: Timestamp {
    Timestamp(seconds: modificationSeconds, nanoseconds: modificationNanoseconds)
  }

  var changeTime: Timestamp {
    Timestamp(seconds: changeSeconds, nanoseconds: changeNanoseconds)
  }

  var kind: FileKind {
    FileKind(mode: mode)
  }

  /// The permission bits with set-user-ID, set-group-ID and sticky.
  var permissions: UInt32 {
    mode & 0o7777
  }

  /// The major number of ``deviceNumber``.
  var deviceMajor: UInt32 {
    // glibc's encoding: major in bits 8-19 and 32-43.
    UInt32(truncatingIfNeeded: ((deviceNumber >> 8) & 0xFFF) | ((deviceNumber >> 32) & ~0xFFF))
  }

  /// The minor number of ``deviceNumber``.
  var deviceMinor: UInt32 {
    // glibc's encoding: minor in bits 0-7 and 20-31.
    UInt32(truncatingIfNeeded: (deviceNumber & 0xFF) | ((deviceNumber >> 12) & ~0xFF))
  }
}

extension FileKind {
  /// The kind that a `st_mode` value records.
  init(mode: UInt32) {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): self = .regularFile
    case UInt32(S_IFDIR): self = .directory
    case UInt32(S_IFLNK): self = .symbolicLink
    case UInt32(S_IFIFO): self = .fifo
    case UInt32(S_IFSOCK): self = .socket
    case UInt32(S_IFBLK): self = .blockDevice
    case UInt32(S_IFCHR): self = .characterDevice
    default: self = .unknown
    }
  }

  /// The kind that a directory entry's `d_type` records.
  init(directoryEntryType type: UInt8) {
    switch Int(type) {
    case DT_REG: self = .regularFile
    case DT_DIR: self = .directory
    case DT_LNK: self = .symbolicLink
    case DT_FIFO: self = .fifo
    case DT_SOCK: self = .socket
    case DT_BLK: self = .blockDevice
    case DT_CHR: self = .characterDevice
    default: self = .unknown
    }
  }
}

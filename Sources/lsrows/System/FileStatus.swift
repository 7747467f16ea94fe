import Glibc

/// The metadata `stat` reports for one file.
///
/// Stored as 64-bit fields first and 32-bit ones after, so that a million
/// of them pack without padding.
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
  var mode: FileMode
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
    mode = FileMode(rawValue: buffer.st_mode)
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
    mode.kind
  }

  /// Whether the file is a block or character device, which `-l` shows
  /// by its device numbers instead of a size.
  var isDevice: Bool {
    kind == .blockDevice || kind == .characterDevice
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

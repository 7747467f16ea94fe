import Glibc

/// The metadata `statx` (or `stat`) reports for one file.
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
  /// Allocated space in 512-byte units (`st_blocks`).
  var blocks: Int64
  private var accessSeconds: Int64
  private var modificationSeconds: Int64
  private var changeSeconds: Int64
  private var birthSeconds: Int64
  var mode: FileMode
  var userID: UInt32
  var groupID: UInt32
  private var accessNanoseconds: Int32
  private var modificationNanoseconds: Int32
  private var changeNanoseconds: Int32
  /// -1 when the file system keeps no birth time.
  private var birthNanoseconds: Int32

  init(
    size: Int64, linkCount: UInt64, device: UInt64, inode: UInt64, deviceNumber: UInt64,
    blocks: Int64, accessTime: Timestamp, modificationTime: Timestamp, changeTime: Timestamp,
    birthTime: Timestamp?, mode: FileMode, userID: UInt32, groupID: UInt32
  ) {
    self.size = size
    self.linkCount = linkCount
    self.device = device
    self.inode = inode
    self.deviceNumber = deviceNumber
    self.blocks = blocks
    accessSeconds = accessTime.seconds
    accessNanoseconds = accessTime.nanoseconds
    modificationSeconds = modificationTime.seconds
    modificationNanoseconds = modificationTime.nanoseconds
    changeSeconds = changeTime.seconds
    changeNanoseconds = changeTime.nanoseconds
    birthSeconds = birthTime?.seconds ?? 0
    birthNanoseconds = birthTime?.nanoseconds ?? -1
    self.mode = mode
    self.userID = userID
    self.groupID = groupID
  }

  /// The status `stat` filled in; it has no birth time.
  init(_ buffer: stat) {
    self.init(
      size: Int64(buffer.st_size), linkCount: UInt64(buffer.st_nlink),
      device: UInt64(buffer.st_dev), inode: UInt64(buffer.st_ino),
      deviceNumber: UInt64(buffer.st_rdev), blocks: Int64(buffer.st_blocks),
      accessTime: Timestamp(
        seconds: Int64(buffer.st_atim.tv_sec), nanoseconds: Int32(buffer.st_atim.tv_nsec)),
      modificationTime: Timestamp(
        seconds: Int64(buffer.st_mtim.tv_sec), nanoseconds: Int32(buffer.st_mtim.tv_nsec)),
      changeTime: Timestamp(
        seconds: Int64(buffer.st_ctim.tv_sec), nanoseconds: Int32(buffer.st_ctim.tv_nsec)),
      birthTime: nil, mode: FileMode(rawValue: buffer.st_mode), userID: buffer.st_uid,
      groupID: buffer.st_gid)
  }

  /// This status with only `fields` kept, every other field zero (the
  /// birth time none); the kind and the device numbers always stay.
  ///
  /// Whatever the kernel filled in, what a listing shows then never
  /// depends on the file system or on `statx` against `stat`, and one
  /// that reads a field it did not ask for shows zeros on every one.
  func keeping(_ fields: StatusFields) -> FileStatus {
    var kept = self
    if !fields.contains(.size) { kept.size = 0 }
    if !fields.contains(.linkCount) { kept.linkCount = 0 }
    if !fields.contains(.inode) { kept.inode = 0 }
    if !fields.contains(.blocks) { kept.blocks = 0 }
    if !fields.contains(.owner) { (kept.userID, kept.groupID) = (0, 0) }
    if !fields.contains(.accessTime) { (kept.accessSeconds, kept.accessNanoseconds) = (0, 0) }
    if !fields.contains(.modificationTime) {
      (kept.modificationSeconds, kept.modificationNanoseconds) = (0, 0)
    }
    if !fields.contains(.changeTime) { (kept.changeSeconds, kept.changeNanoseconds) = (0, 0) }
    if !fields.contains(.birthTime) { (kept.birthSeconds, kept.birthNanoseconds) = (0, -1) }
    return kept
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

  /// When the file was created, where the file system records it.
  var birthTime: Timestamp? {
    birthNanoseconds < 0 ? nil : Timestamp(seconds: birthSeconds, nanoseconds: birthNanoseconds)
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

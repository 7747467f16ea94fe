/// The kernel's `struct statx` (include/uapi/linux/stat.h), read in place.
///
/// Swift's Glibc module does not declare `statx`, so its buffer is plain
/// bytes and its fields are read at the kernel's fixed offsets.
struct StatusRecord {
  /// The size of the buffer `statx` fills.
  static let size = 256

  /// The fields `statx` is asked for: the basic ones and the birth time.
  static let wantedFields: UInt32 = basicFields | birthTimeField
  static let basicFields: UInt32 = 0x7FF
  static let birthTimeField: UInt32 = 0x800

  private static let maskOffset = 0
  private static let linkCountOffset = 16
  private static let userIDOffset = 20
  private static let groupIDOffset = 24
  private static let modeOffset = 28
  private static let inodeOffset = 32
  private static let sizeOffset = 40
  private static let blocksOffset = 48
  private static let accessTimeOffset = 64
  private static let birthTimeOffset = 80
  private static let changeTimeOffset = 96
  private static let modificationTimeOffset = 112
  private static let deviceNumberMajorOffset = 128
  private static let deviceNumberMinorOffset = 132
  private static let deviceMajorOffset = 136
  private static let deviceMinorOffset = 140

  private let bytes: UnsafeRawPointer

  /// The record in `bytes`, which `statx` filled.
  init(_ bytes: UnsafeRawPointer) {
    self.bytes = bytes
  }

  private func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
    bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
  }

  /// A `statx_timestamp`: 64-bit seconds, then 32-bit nanoseconds.
  private func time(at offset: Int) -> Timestamp {
    Timestamp(
      seconds: load(offset, as: Int64.self),
      nanoseconds: Int32(bitPattern: load(offset + 8, as: UInt32.self)))
  }

  /// The status the record holds; the birth time only where the file
  /// system keeps one.
  var status: FileStatus {
    let mask = load(Self.maskOffset, as: UInt32.self)
    return FileStatus(
      size: Int64(bitPattern: load(Self.sizeOffset, as: UInt64.self)),
      linkCount: UInt64(load(Self.linkCountOffset, as: UInt32.self)),
      device: makeDevice(
        major: load(Self.deviceMajorOffset, as: UInt32.self),
        minor: load(Self.deviceMinorOffset, as: UInt32.self)),
      inode: load(Self.inodeOffset, as: UInt64.self),
      deviceNumber: makeDevice(
        major: load(Self.deviceNumberMajorOffset, as: UInt32.self),
        minor: load(Self.deviceNumberMinorOffset, as: UInt32.self)),
      blocks: Int64(bitPattern: load(Self.blocksOffset, as: UInt64.self)),
      accessTime: time(at: Self.accessTimeOffset),
      modificationTime: time(at: Self.modificationTimeOffset),
      changeTime: time(at: Self.changeTimeOffset),
      birthTime: mask & Self.birthTimeField != 0 ? time(at: Self.birthTimeOffset) : nil,
      mode: FileMode(rawValue: UInt32(load(Self.modeOffset, as: UInt16.self))),
      userID: load(Self.userIDOffset, as: UInt32.self),
      groupID: load(Self.groupIDOffset, as: UInt32.self))
  }
}

/// A device number from its major and minor parts, encoded as glibc's
/// `makedev` encodes `st_dev` (so that it equals what `stat` reports).
func makeDevice(major: UInt32, minor: UInt32) -> UInt64 {
  let major = UInt64(major)
  let minor = UInt64(minor)
  return ((major & 0xFFFF_F000) << 32) | ((major & 0xFFF) << 8) | ((minor & 0xFFFF_FF00) << 12)
    | (minor & 0xFF)
}

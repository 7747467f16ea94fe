import CLinux

/// The parts of a file's status that a listing reads: the fields `statx`
/// is asked for.
///
/// A local file system fills in every field whatever is asked, but NFS
/// and FUSE decide by the fields asked whether their cached attributes
/// will do or a round trip to the server is needed (and a birth time can
/// be a request of its own). So each entry's `statx` asks only for what
/// the options read, as ls 9.1 does; the kind and permission bits always,
/// since they say what the entry is.
struct StatusFields: OptionSet, Sendable, Hashable {
  let rawValue: UInt32

  /// The file type and permission bits (`stx_mode`).
  static let kind = StatusFields(rawValue: UInt32(STATX_TYPE) | UInt32(STATX_MODE))
  static let linkCount = StatusFields(rawValue: UInt32(STATX_NLINK))
  /// The owner's user and group IDs.
  static let owner = StatusFields(rawValue: UInt32(STATX_UID) | UInt32(STATX_GID))
  static let size = StatusFields(rawValue: UInt32(STATX_SIZE))
  static let blocks = StatusFields(rawValue: UInt32(STATX_BLOCKS))
  static let inode = StatusFields(rawValue: UInt32(STATX_INO))
  static let accessTime = StatusFields(rawValue: UInt32(STATX_ATIME))
  static let modificationTime = StatusFields(rawValue: UInt32(STATX_MTIME))
  static let changeTime = StatusFields(rawValue: UInt32(STATX_CTIME))
  static let birthTime = StatusFields(rawValue: UInt32(STATX_BTIME))
  /// Every field a ``FileStatus`` holds.
  static let all = StatusFields(rawValue: UInt32(STATX_BASIC_STATS) | UInt32(STATX_BTIME))
}

import CLinux

extension FileStatus {
  /// The fields `statx` is asked for: the basic ones and the birth time.
  static let statxFields = UInt32(STATX_BASIC_STATS) | UInt32(STATX_BTIME)

  /// The status `statx` filled in; the birth time only where the file
  /// system keeps one (its bit in the record's mask).
  init(_ record: statx) {
    func time(_ stamp: statx_timestamp) -> Timestamp {
      Timestamp(seconds: stamp.tv_sec, nanoseconds: Int32(bitPattern: stamp.tv_nsec))
    }
    self.init(
      size: Int64(bitPattern: record.stx_size), linkCount: UInt64(record.stx_nlink),
      device: UInt64(gnu_dev_makedev(record.stx_dev_major, record.stx_dev_minor)),
      inode: record.stx_ino,
      deviceNumber: UInt64(gnu_dev_makedev(record.stx_rdev_major, record.stx_rdev_minor)),
      blocks: Int64(bitPattern: record.stx_blocks),
      accessTime: time(record.stx_atime), modificationTime: time(record.stx_mtime),
      changeTime: time(record.stx_ctime),
      birthTime: record.stx_mask & UInt32(STATX_BTIME) != 0 ? time(record.stx_btime) : nil,
      mode: FileMode(rawValue: UInt32(record.stx_mode)), userID: record.stx_uid,
      groupID: record.stx_gid)
  }
}

import CLinux

extension FileStatus {
  /// The status `statx` filled in at `record`; the birth time only where
  /// the file system keeps one (its bit in the record's mask).
  ///
  /// Read through the pointer, a field at a time: a copy of the whole
  /// record first would be a 256-byte copy per status.
  init(_ record: UnsafePointer<statx>) {
    func time(_ stamp: statx_timestamp) -> Timestamp {
      Timestamp(seconds: stamp.tv_sec, nanoseconds: Int32(bitPattern: stamp.tv_nsec))
    }
    let hasBirthTime = record.pointee.stx_mask & UInt32(STATX_BTIME) != 0
    self.init(
      size: Int64(bitPattern: record.pointee.stx_size),
      linkCount: UInt64(record.pointee.stx_nlink),
      device: record.pointee.device,
      inode: record.pointee.stx_ino,
      deviceNumber: UInt64(
        gnu_dev_makedev(record.pointee.stx_rdev_major, record.pointee.stx_rdev_minor)),
      blocks: Int64(bitPattern: record.pointee.stx_blocks),
      accessTime: time(record.pointee.stx_atime),
      modificationTime: time(record.pointee.stx_mtime),
      changeTime: time(record.pointee.stx_ctime),
      birthTime: hasBirthTime ? time(record.pointee.stx_btime) : nil,
      mode: FileMode(rawValue: UInt32(record.pointee.stx_mode)), userID: record.pointee.stx_uid,
      groupID: record.pointee.stx_gid)
  }
}

extension statx {
  /// The device the file is on, as one number (`st_dev`).
  var device: UInt64 {
    UInt64(gnu_dev_makedev(stx_dev_major, stx_dev_minor))
  }
}

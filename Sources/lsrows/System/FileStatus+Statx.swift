import CLinux

extension FileStatus {
  /// The status `statx` filled in at `record` when asked for `fields`.
  ///
  /// A field not asked for is zero, even where the kernel filled it in
  /// (as local file systems do): what a listing shows then never depends
  /// on the file system, and one that forgets to ask shows it on every
  /// one. The device numbers are always there. The birth time is `nil`
  /// where the file system keeps none (its bit in the record's mask).
  ///
  /// Read through the pointer, a field at a time: a copy of the whole
  /// record first would be a 256-byte copy per status.
  init(_ record: UnsafePointer<statx>, fields: StatusFields) {
    func time(_ stamp: statx_timestamp, _ field: StatusFields) -> Timestamp {
      guard fields.contains(field) else { return Timestamp(seconds: 0, nanoseconds: 0) }
      return Timestamp(seconds: stamp.tv_sec, nanoseconds: Int32(bitPattern: stamp.tv_nsec))
    }
    func value<Value: BinaryInteger>(_ value: Value, _ field: StatusFields) -> Value {
      fields.contains(field) ? value : 0
    }
    let hasBirthTime =
      fields.contains(.birthTime) && record.pointee.stx_mask & UInt32(STATX_BTIME) != 0
    self.init(
      size: Int64(bitPattern: value(record.pointee.stx_size, .size)),
      linkCount: UInt64(value(record.pointee.stx_nlink, .linkCount)),
      device: record.pointee.device,
      inode: value(record.pointee.stx_ino, .inode),
      deviceNumber: UInt64(
        gnu_dev_makedev(record.pointee.stx_rdev_major, record.pointee.stx_rdev_minor)),
      blocks: Int64(bitPattern: value(record.pointee.stx_blocks, .blocks)),
      accessTime: time(record.pointee.stx_atime, .accessTime),
      modificationTime: time(record.pointee.stx_mtime, .modificationTime),
      changeTime: time(record.pointee.stx_ctime, .changeTime),
      birthTime: hasBirthTime ? time(record.pointee.stx_btime, .birthTime) : nil,
      mode: FileMode(rawValue: UInt32(record.pointee.stx_mode)),
      userID: value(record.pointee.stx_uid, .owner),
      groupID: value(record.pointee.stx_gid, .owner))
  }
}

extension statx {
  /// The device the file is on, as one number (`st_dev`).
  var device: UInt64 {
    UInt64(gnu_dev_makedev(stx_dev_major, stx_dev_minor))
  }
}

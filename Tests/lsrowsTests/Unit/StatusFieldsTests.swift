import CLinux
import Glibc
import Testing

@testable import lsrows

/// A status holds only the fields its `statx` asked for: the others are
/// zero whatever the kernel filled in, so a listing that forgets to ask
/// for a field it shows fails on a local disk too, not only over NFS.
@Suite struct StatusFieldsTests {
  /// A record as a local file system fills it in: every field set.
  static func filledRecord() -> statx {
    var record = statx()
    record.stx_mask = UInt32(STATX_BASIC_STATS) | UInt32(STATX_BTIME)
    record.stx_mode = UInt16(Glibc.S_IFREG) | 0o644
    record.stx_nlink = 3
    record.stx_uid = 1000
    record.stx_gid = 100
    record.stx_ino = 77
    record.stx_size = 4096
    record.stx_blocks = 8
    record.stx_atime.tv_sec = 10
    record.stx_atime.tv_nsec = 1
    record.stx_mtime.tv_sec = 20
    record.stx_mtime.tv_nsec = 2
    record.stx_ctime.tv_sec = 30
    record.stx_ctime.tv_nsec = 3
    record.stx_btime.tv_sec = 40
    record.stx_btime.tv_nsec = 4
    record.stx_dev_major = 8
    record.stx_dev_minor = 1
    return record
  }

  static func status(asking fields: StatusFields, mask: UInt32? = nil) -> FileStatus {
    var record = filledRecord()
    if let mask { record.stx_mask = mask }
    return withUnsafePointer(to: &record) { FileStatus($0) }.keeping(fields)
  }

  @Test func fieldsNotAskedForAreZero() {
    let status = Self.status(asking: [.kind, .size])
    #expect(status.size == 4096)
    #expect(status.linkCount == 0)
    #expect(status.userID == 0 && status.groupID == 0)
    #expect(status.inode == 0)
    #expect(status.blocks == 0)
    #expect(status.modificationTime == Timestamp(seconds: 0, nanoseconds: 0))
    #expect(status.birthTime == nil)
  }

  @Test func theKindAndTheDeviceAreAlwaysThere() {
    let status = Self.status(asking: .size)
    #expect(status.mode.rawValue == UInt32(Glibc.S_IFREG) | 0o644)
    #expect(status.device == UInt64(gnu_dev_makedev(8, 1)))
  }

  @Test func everyFieldIsThereWhenAllAreAsked() {
    let status = Self.status(asking: .all)
    #expect(status.linkCount == 3)
    #expect(status.userID == 1000 && status.groupID == 100)
    #expect(status.inode == 77)
    #expect(status.blocks == 8)
    #expect(status.accessTime == Timestamp(seconds: 10, nanoseconds: 1))
    #expect(status.modificationTime == Timestamp(seconds: 20, nanoseconds: 2))
    #expect(status.changeTime == Timestamp(seconds: 30, nanoseconds: 3))
    #expect(status.birthTime == Timestamp(seconds: 40, nanoseconds: 4))
  }

  @Test func aBirthTimeTheFileSystemDoesNotKeepIsNil() {
    let status = Self.status(asking: .all, mask: UInt32(STATX_BASIC_STATS))
    #expect(status.birthTime == nil)
    #expect(status.changeTime == Timestamp(seconds: 30, nanoseconds: 3))
  }

  /// Without `statx` (Linux before 4.11), `stat`'s status keeps the same.
  @Test func aStatusFromStatKeepsOnlyWhatIsAsked() {
    var buffer = stat()
    buffer.st_mode = S_IFDIR | 0o755
    buffer.st_nlink = 2
    buffer.st_size = 512
    buffer.st_uid = 1000
    buffer.st_mtim.tv_sec = 20
    let status = FileStatus(buffer).keeping([.kind, .linkCount])
    #expect(status.linkCount == 2)
    #expect(status.mode.rawValue == S_IFDIR | 0o755)
    #expect(status.size == 0 && status.userID == 0)
    #expect(status.modificationTime == Timestamp(seconds: 0, nanoseconds: 0))
  }

  @Test(arguments: [
    (TimeField.modification, StatusFields.modificationTime),
    (.access, .accessTime), (.change, .changeTime), (.birth, .birthTime),
  ])
  func eachTimeIsItsOwnField(time: TimeField, field: StatusFields) {
    #expect(time.statusField == field)
  }
}

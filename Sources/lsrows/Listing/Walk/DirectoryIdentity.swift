/// A directory as the file system knows it, whatever path reached it.
struct DirectoryIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64

  init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
  }
}

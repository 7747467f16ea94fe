/// A directory as the file system knows it, whatever path reached it.
struct DirectoryIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64

  init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }

  init(_ status: FileStatus) {
    self.init(device: status.device, inode: status.inode)
  }
}

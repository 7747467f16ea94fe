import Glibc

extension FileKind {
  /// The kind that a `st_mode` value records.
  init(mode: FileMode) {
    switch mode.kindBits {
    case UInt32(S_IFREG): self = .regularFile
    case UInt32(S_IFDIR): self = .directory
    case UInt32(S_IFLNK): self = .symbolicLink
    case UInt32(S_IFIFO): self = .fifo
    case UInt32(S_IFSOCK): self = .socket
    case UInt32(S_IFBLK): self = .blockDevice
    case UInt32(S_IFCHR): self = .characterDevice
    default: self = .unknown
    }
  }

  /// The kind that a directory entry's `d_type` records.
  init(directoryEntryType type: UInt8) {
    switch Int(type) {
    case DT_REG: self = .regularFile
    case DT_DIR: self = .directory
    case DT_LNK: self = .symbolicLink
    case DT_FIFO: self = .fifo
    case DT_SOCK: self = .socket
    case DT_BLK: self = .blockDevice
    case DT_CHR: self = .characterDevice
    default: self = .unknown
    }
  }
}

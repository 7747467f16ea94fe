extension Field {
  /// The type of the field's values.
  var type: FieldType {
    switch self {
    case .name, .path, .target, .extension, .parent, .stem: .bytes
    case .user, .group: .text
    case .size, .links, .uid, .gid, .inode, .depth, .mtimeEpoch, .blocks, .dev, .entries,
      .treeSize, .treeBlocks, .treeEntries:
      .number
    case .mtime, .atime, .ctime, .btime, .treeMtime: .time
    case .type: .kind
    case .mode: .mode
    case .perms: .permissions
    }
  }

  /// Whether JSON and CSV carry the field: all but those derived from
  /// another, `entries`, which costs a read of each directory, and the
  /// tree totals, which cost a walk below each.
  var isRecorded: Bool {
    switch self {
    case .extension, .mtimeEpoch, .entries, .treeSize, .treeBlocks, .treeEntries, .treeMtime:
      false
    default: true
    }
  }

  /// What must be read about an entry to know the field.
  var metadataNeeds: MetadataNeeds {
    switch self {
    // The inode too: a directory entry's is wrong for mount points and on
    // some file systems (overlayfs), as ls 9.1 knows.
    case .size, .mode, .perms, .links, .uid, .gid, .user, .group, .mtime, .atime, .ctime,
      .mtimeEpoch, .inode, .btime, .blocks, .dev:
      .statuses(statusFields)
    case .type: MetadataNeeds(statusKinds: .unknown)
    case .target: MetadataNeeds(symlinkTargets: true)
    case .name, .path, .extension, .depth, .parent, .stem: .none
    // Which entries are directories, and how many entries each holds.
    case .entries: MetadataNeeds(statusKinds: .unknown, entryCounts: true)
    // What the totals add up, and what tells hard links apart.
    case .treeSize, .treeBlocks, .treeEntries, .treeMtime:
      MetadataNeeds(
        statusKinds: .every, statusFields: [.size, .blocks, .modificationTime, .linkCount, .inode],
        subtreeTotals: true)
    }
  }

  /// What of a status the field shows.
  private var statusFields: StatusFields {
    switch self {
    case .size: .size
    case .links: .linkCount
    case .uid, .gid, .user, .group: .owner
    case .mtime, .mtimeEpoch: .modificationTime
    case .atime: .accessTime
    case .ctime: .changeTime
    case .btime: .birthTime
    case .inode: .inode
    case .blocks: .blocks
    // The device is in every status; the mode is the kind's.
    default: .kind
    }
  }

  /// One line for `--help` and the man page.
  var summary: String {
    switch self {
    case .name: "the entry's name (an operand's last component)"
    case .path: "the path from the working directory (with no PATH, below .)"
    case .type: "file, dir, symlink, fifo, socket, block or char"
    case .size: "size in bytes"
    case .mode: "the ls mode string (-rw-r--r--)"
    case .perms: "the permission bits in octal (0644)"
    case .links: "the number of hard links"
    case .uid: "the owner's user ID"
    case .gid: "the group ID"
    case .user: "the owner's name, or the number when there is none"
    case .group: "the group's name, or the number when there is none"
    case .mtime: "the modification time, RFC 3339 in UTC with nanoseconds"
    case .atime: "the access time, as mtime"
    case .ctime: "the status change time, as mtime"
    case .mtimeEpoch: "mtime in whole seconds since the epoch"
    case .inode: "the inode number"
    case .target: "a symlink's target (nothing for other files)"
    case .extension: "what follows the last dot of the name"
    case .depth: "0 for an operand, 1 for its entries, and so on"
    case .btime: "the birth time, as mtime; missing where the file system has none"
    case .blocks: "allocated space in 1024-byte blocks, rounded up"
    case .dev: "the number of the device the file is on"
    case .parent: "the path without its last component (. when there is none)"
    case .stem: "the name without its extension"
    case .entries: "how many entries a directory holds, . and .. aside"
    case .treeSize: "apparent bytes of the entry and all below it (du -sb)"
    case .treeBlocks: "1024-byte blocks of the entry and all below it (du -sk)"
    case .treeEntries: "how many entries are below it, at any depth (0 for a file)"
    case .treeMtime: "the newest mtime of the entry and all below it"
    }
  }
}

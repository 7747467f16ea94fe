/// The one place that reads a field's value from a row.
struct FieldReader {
  /// User and group names, each looked up once.
  let accounts: AccountNames

  /// The fields of `row`, with what they share (its status) read once.
  func fields(of row: FileRow) -> RowFields {
    RowFields(row: row, status: row.status, accounts: accounts)
  }

  /// The value of `field` for `row`, or `nil` when it could not be read.
  func value(_ field: Field, of row: FileRow) -> FieldValue? {
    fields(of: row).value(field)
  }
}

/// One row's fields, read on demand.
struct RowFields {
  let row: FileRow
  /// The row's status, read from its listing once for all the fields.
  let status: FileStatus?
  let accounts: AccountNames

  /// The value of `field`, or `nil` when it could not be read (the status
  /// or the link's target is missing).
  func value(_ field: Field) -> FieldValue? {
    switch field {
    case .name: return .text(FieldText(row.baseName))
    case .path: return .text(FieldText(head: row.location.fieldPathPrefix, tail: row.name))
    case .type: return .kind(status?.kind ?? row.kind)
    case .extension: return .text(FieldText(row.fileExtension))
    case .stem: return .text(FieldText(row.stem))
    case .parent: return .text(row.parent)
    case .depth: return .unsigned(UInt64(row.depth))
    case .target:
      guard row.kind == .symbolicLink else { return .notApplicable }
      return row.symlinkTarget.map { .text(FieldText($0)) }
    case .entries:
      guard (status?.kind ?? row.kind) == .directory else { return .notApplicable }
      return row.entryCount.map { .unsigned(UInt64($0)) }
    case .treeSize, .treeBlocks, .treeEntries, .treeMtime:
      return treeValue(field)
    default:
      guard let status else { return nil }
      return value(field, of: status)
    }
  }

  /// A `tree_` field: a directory's from the walk below it, anything
  /// else's from its own status, as du counts a file.
  private func treeValue(_ field: Field) -> FieldValue? {
    let totals: TreeTotals
    if (status?.kind ?? row.kind) == .directory {
      guard let walked = row.treeTotals else { return nil }
      totals = walked
    } else {
      guard let status else { return nil }
      totals = TreeTotals(
        size: status.size, blocks: status.blocks, entries: 0, newest: status.modificationTime)
    }
    switch field {
    case .treeSize: return .signed(totals.size)
    case .treeBlocks: return .signed(totals.kibibytes)
    case .treeEntries: return .unsigned(totals.entries)
    default: return .time(totals.newest)
    }
  }

  /// The value of a field read from the file's status; `nil` for a birth
  /// time the file system does not keep.
  private func value(_ field: Field, of status: FileStatus) -> FieldValue? {
    switch field {
    case .size: .signed(status.size)
    case .mode: .mode(status.mode)
    case .perms: .permissions(status.mode)
    case .links: .unsigned(status.linkCount)
    case .uid: .unsigned(UInt64(status.userID))
    case .gid: .unsigned(UInt64(status.groupID))
    case .user: .text(FieldText(accounts.userName(status.userID) ?? decimalBytes(status.userID)))
    case .group:
      .text(FieldText(accounts.groupName(status.groupID) ?? decimalBytes(status.groupID)))
    case .mtime: .time(status.modificationTime)
    case .atime: .time(status.accessTime)
    case .ctime: .time(status.changeTime)
    case .mtimeEpoch: .signed(status.modificationTime.seconds)
    case .inode: .unsigned(status.inode)
    // ls -s's count: 512-byte units shown as 1024-byte blocks, rounded up.
    case .blocks: .signed((status.blocks + 1) / 2)
    case .dev: .unsigned(status.device)
    case .btime: status.birthTime.map { .time($0) }
    case .name, .path, .type, .extension, .depth, .target, .parent, .stem, .entries, .treeSize,
      .treeBlocks, .treeEntries, .treeMtime:
      .notApplicable
    }
  }
}

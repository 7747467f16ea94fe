/// The widths of the columns before names (`-l`'s, and those of `-i`,
/// `-s` and `-Z`) over the rows that share them, measured as ls measures
/// them: over the rows whose status was read.
///
/// Widths only grow, so rows can be measured one at a time, in any order,
/// and need not be held together (``measure(_:_:)``).
struct LongColumns {
  var inodeWidth = 0
  var blocksWidth = 0
  var linkWidth = 0
  var ownerWidth = 0
  var groupWidth = 0
  var contextWidth = 0
  var sizeWidth = 0
  var majorWidth = 0
  var minorWidth = 0
  /// Whether any row has an ACL or a security context, which widens every
  /// mode column by one.
  var anyAccessMark = false
  /// The ids measured last: ids repeat from row to row, and each run is
  /// looked up once.
  private var lastUser: UInt32?
  private var lastGroup: UInt32?
  /// Where a block count or a size is written to be measured, kept from
  /// row to row.
  private var scratch: [UInt8] = []

  /// The author is the owner on Linux.
  var authorWidth: Int { ownerWidth }

  /// No row measured yet.
  init() {}

  /// The widths of `measured`'s columns.
  init(measuring measured: MeasuredRows, _ format: LongFormat) {
    for row in measured {
      measure(row, format)
    }
  }

  /// Widens the columns to fit `row`.
  mutating func measure(_ row: FileRow, _ format: LongFormat) {
    guard let details = row.details, let status = details.status else { return }
    let options = format.options
    if options.showsInode {
      inodeWidth = max(inodeWidth, decimalWidth(status.inode))
    }
    if options.showsBlocks || format.isLong {
      scratch.removeAll(keepingCapacity: true)
      format.appendBlocks(of: status, to: &scratch)
      blocksWidth = max(blocksWidth, scratch.count)
    }
    if options.showsContext {
      contextWidth = max(contextWidth, row.securityContext?.count ?? 1)
    }
    guard format.isLong else { return }
    anyAccessMark = anyAccessMark || details.accessMark != .none
    linkWidth = max(linkWidth, decimalWidth(status.linkCount))
    if status.userID != lastUser {
      let width = format.ownerName(status.userID)?.count ?? decimalWidth(UInt64(status.userID))
      ownerWidth = max(ownerWidth, width)
      lastUser = status.userID
    }
    if status.groupID != lastGroup {
      let width = format.groupName(status.groupID)?.count ?? decimalWidth(UInt64(status.groupID))
      groupWidth = max(groupWidth, width)
      lastGroup = status.groupID
    }
    if status.isDevice {
      majorWidth = max(majorWidth, decimalWidth(UInt64(status.deviceMajor)))
      minorWidth = max(minorWidth, decimalWidth(UInt64(status.deviceMinor)))
      sizeWidth = max(sizeWidth, majorWidth + 2 + minorWidth)
    } else {
      scratch.removeAll(keepingCapacity: true)
      format.appendSize(status.size, to: &scratch)
      sizeWidth = max(sizeWidth, scratch.count)
    }
  }
}

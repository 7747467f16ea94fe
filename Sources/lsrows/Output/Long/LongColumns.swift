/// The widths of the columns before names (`-l`'s, and those of `-i`,
/// `-s` and `-Z`) over one listing, measured as ls measures them: over the
/// rows whose status was read.
struct LongColumns {
  var inodeWidth = 0
  var blocksWidth = 0
  var linkWidth = 0
  var ownerWidth = 0
  var groupWidth = 0
  var authorWidth = 0
  var contextWidth = 0
  var sizeWidth = 0
  var majorWidth = 0
  var minorWidth = 0
  /// Whether any row has an ACL or a security context, which widens every
  /// mode column by one.
  var anyAccessMark = false

  /// The widths of `measured`'s columns.
  init(measuring measured: MeasuredRows, _ format: LongFormat) {
    let options = format.options
    let isLong = format.isLong
    var lastUser: UInt32?
    var lastGroup: UInt32?
    var text: [UInt8] = []
    for row in measured {
      guard let details = row.details, let status = details.status else { continue }
      if options.showsInode {
        inodeWidth = max(inodeWidth, decimalWidth(status.inode))
      }
      if options.showsBlocks || isLong {
        text.removeAll(keepingCapacity: true)
        format.appendBlocks(of: status, to: &text)
        blocksWidth = max(blocksWidth, text.count)
      }
      if options.showsContext {
        contextWidth = max(contextWidth, row.securityContext?.count ?? 1)
      }
      guard isLong else { continue }
      anyAccessMark = anyAccessMark || details.accessMark != .none
      linkWidth = max(linkWidth, decimalWidth(status.linkCount))
      // Ids repeat from row to row; look each run up once.
      if status.userID != lastUser {
        let width = format.ownerName(status.userID)?.count ?? decimalWidth(UInt64(status.userID))
        ownerWidth = max(ownerWidth, width)
        lastUser = status.userID
      }
      if status.groupID != lastGroup {
        let width =
          format.groupName(status.groupID)?.count ?? decimalWidth(UInt64(status.groupID))
        groupWidth = max(groupWidth, width)
        lastGroup = status.groupID
      }
      if status.isDevice {
        majorWidth = max(majorWidth, decimalWidth(UInt64(status.deviceMajor)))
        minorWidth = max(minorWidth, decimalWidth(UInt64(status.deviceMinor)))
        sizeWidth = max(sizeWidth, majorWidth + 2 + minorWidth)
      } else {
        text.removeAll(keepingCapacity: true)
        format.appendSize(status.size, to: &text)
        sizeWidth = max(sizeWidth, text.count)
      }
    }
    // The author is the owner on Linux.
    authorWidth = ownerWidth
  }
}

/// The widths of `ls -l`'s columns over one listing, measured as ls
/// measures them: over the rows whose status was read.
struct LongColumns {
  var inodeWidth = 0
  var linkWidth = 0
  var ownerWidth = 0
  var groupWidth = 0
  var sizeWidth = 0
  var majorWidth = 0
  var minorWidth = 0
  /// Whether any row has an ACL, which widens every mode column by one.
  var anyAccessControlList = false

  /// The widths of `measured`'s columns.
  init(measuring measured: MeasuredRows, _ format: LongFormat) {
    var lastUser: UInt32?
    var lastGroup: UInt32?
    var sizeText: [UInt8] = []
    for row in measured {
      guard let details = row.details, let status = details.status else { continue }
      if format.showsInode {
        inodeWidth = max(inodeWidth, decimalWidth(status.inode))
      }
      anyAccessControlList = anyAccessControlList || details.hasAccessControlList
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
      } else if format.humanReadable {
        sizeText.removeAll(keepingCapacity: true)
        format.appendSize(status.size, to: &sizeText)
        sizeWidth = max(sizeWidth, sizeText.count)
      } else {
        sizeWidth = max(sizeWidth, decimalWidth(UInt64(clamping: max(status.size, 0))))
      }
    }
  }
}

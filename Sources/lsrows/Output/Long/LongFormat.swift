/// Writes rows the way `ls -l --time-style=long-iso` does, byte for byte
/// (without its "total" line).
final class LongFormat {
  let showsInode: Bool
  let numericIDs: Bool
  let humanReadable: Bool
  let timeField: TimeField
  let classifies: Bool
  private let accounts: AccountNames
  private var timestamps = TimestampFormat()

  init(_ options: LongRowOptions, accounts: AccountNames) {
    showsInode = options.showsInode
    numericIDs = options.numericIDs
    humanReadable = options.humanReadableSizes
    timeField = options.timeField
    classifies = options.classifies
    self.accounts = accounts
  }

  /// The owner column's name for user `id`; `nil` when there is none or
  /// `-n` asks for numbers, and the column shows the number.
  func ownerName(_ id: UInt32) -> [UInt8]? {
    numericIDs ? nil : accounts.userName(id)
  }

  /// The group column's name for group `id`, as ``ownerName(_:)``.
  func groupName(_ id: UInt32) -> [UInt8]? {
    numericIDs ? nil : accounts.groupName(id)
  }

  func appendSize(_ size: Int64, to output: inout [UInt8]) {
    let bytes = UInt64(clamping: max(size, 0))
    if humanReadable {
      appendHumanSize(bytes, to: &output)
    } else {
      appendDecimal(bytes, to: &output)
    }
  }

  /// Appends one row: the columns, then `name` as already rendered.
  ///
  /// - Parameters:
  ///   - row: The file.
  ///   - columns: The listing's widths.
  ///   - output: Where the row goes.
  ///   - name: Appends the row's name, as the listing shows names.
  ///   - target: Appends a symlink target.
  func appendRow(
    _ row: FileRow, _ columns: LongColumns, to output: inout [UInt8],
    name: (inout [UInt8]) -> Void, target: ([UInt8], inout [UInt8]) -> Void
  ) {
    let details = row.details
    let status = details?.status
    let question: [UInt8] = [UInt8(ascii: "?")]
    if showsInode {
      if let status {
        appendDecimal(status.inode, rightAlignedTo: columns.inodeWidth, to: &output)
      } else {
        appendRightAligned(question, width: columns.inodeWidth, to: &output)
      }
      output.append(UInt8(ascii: " "))
    }
    if let status {
      appendModeString(status.mode, to: &output)
      if columns.anyAccessControlList {
        output.append(UInt8(ascii: details?.hasAccessControlList == true ? "+" : " "))
      }
    } else {
      // What ls shows for an entry it could not stat: the type from the
      // directory entry and question marks.
      output.append(typeLetter(row.kind))
      output.append(
        contentsOf: repeatElement(UInt8(ascii: "?"), count: columns.anyAccessControlList ? 10 : 9))
    }
    output.append(UInt8(ascii: " "))
    if let status {
      appendDecimal(status.linkCount, rightAlignedTo: columns.linkWidth, to: &output)
    } else {
      appendRightAligned(question, width: columns.linkWidth, to: &output)
    }
    output.append(UInt8(ascii: " "))
    appendAccount(
      status?.userID, name: status.flatMap { ownerName($0.userID) }, width: columns.ownerWidth,
      to: &output)
    appendAccount(
      status?.groupID, name: status.flatMap { groupName($0.groupID) }, width: columns.groupWidth,
      to: &output)
    if let status, status.isDevice {
      let blanks = columns.sizeWidth - (columns.majorWidth + 2 + columns.minorWidth)
      appendDecimal(
        UInt64(status.deviceMajor), rightAlignedTo: columns.majorWidth + max(0, blanks), to: &output
      )
      output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")])
      appendDecimal(UInt64(status.deviceMinor), rightAlignedTo: columns.minorWidth, to: &output)
    } else if let status {
      if humanReadable {
        var size: [UInt8] = []
        appendSize(status.size, to: &size)
        appendRightAligned(size, width: columns.sizeWidth, to: &output)
      } else {
        appendDecimal(
          UInt64(clamping: max(status.size, 0)), rightAlignedTo: columns.sizeWidth, to: &output)
      }
    } else {
      appendRightAligned(question, width: columns.sizeWidth, to: &output)
    }
    output.append(UInt8(ascii: " "))
    if let status {
      let time = status.time(timeField)
      if !timestamps.appendLongISO(time, to: &output) {
        appendRightAligned(
          decimalBytes(time.seconds), width: TimestampFormat.longISOWidth, to: &output)
      }
    } else {
      appendRightAligned(question, width: TimestampFormat.longISOWidth, to: &output)
    }
    output.append(UInt8(ascii: " "))
    name(&output)
    // A symbolic link shows its target (if it could be read) and the
    // target's indicator, never its own.
    if row.kind == .symbolicLink {
      if let linkTarget = row.symlinkTarget {
        output.append(contentsOf: Array(" -> ".utf8))
        target(linkTarget, &output)
        if classifies, let mode = row.targetMode,
          let indicator = classifyIndicator(mode: mode, kind: .unknown)
        {
          output.append(indicator)
        }
      }
    } else if classifies, let indicator = classifyIndicator(mode: status?.mode, kind: row.kind) {
      output.append(indicator)
    }
  }

  /// Appends an owner or group column: a name left-aligned, a number
  /// right-aligned, `?` when unknown; then a space.
  private func appendAccount(_ id: UInt32?, name: [UInt8]?, width: Int, to output: inout [UInt8]) {
    if let name {
      appendLeftAligned(name, width: width, to: &output)
    } else if let id {
      appendDecimal(UInt64(id), rightAlignedTo: width, to: &output)
    } else {
      appendLeftAligned([UInt8(ascii: "?")], width: width, to: &output)
    }
    output.append(UInt8(ascii: " "))
  }
}

/// Writes the columns before names as ls does, byte for byte: those of
/// `-l` (without its "total" line), and the inode, blocks and context that
/// `-i`, `-s` and `-Z` put before names in either format.
final class LongFormat {
  let options: LongRowOptions
  /// Whether rows are `-l`'s, rather than names with columns before them.
  let isLong: Bool
  let indicators: IndicatorStyle
  private let accounts: AccountNames
  private let times: TimeColumn

  init(
    _ options: LongRowOptions, isLong: Bool = true, indicators: IndicatorStyle,
    accounts: AccountNames
  ) {
    self.options = options
    self.isLong = isLong
    self.indicators = indicators
    self.accounts = accounts
    times = TimeColumn(options.timeStyle)
  }

  /// The owner column's name for user `id`; `nil` when there is none or
  /// `-n` asks for numbers, and the column shows the number.
  func ownerName(_ id: UInt32) -> [UInt8]? {
    options.numericIDs ? nil : accounts.userName(id)
  }

  /// The group column's name for group `id`, as ``ownerName(_:)``.
  func groupName(_ id: UInt32) -> [UInt8]? {
    options.numericIDs ? nil : accounts.groupName(id)
  }

  /// Appends a size in bytes as `-l` shows it.
  func appendSize(_ size: Int64, to output: inout [UInt8]) {
    let bytes = UInt64(clamping: max(size, 0))
    if options.sizeScale == .bytes {
      appendDecimal(bytes, to: &output)
    } else {
      HumanReadable.append(bytes, in: options.sizeScale, to: &output)
    }
  }

  /// Appends the allocated size as `-s` shows it.
  func appendBlocks(of status: FileStatus, to output: inout [UInt8]) {
    HumanReadable.append(
      UInt64(clamping: max(status.blocks, 0)), sourceUnit: 512, in: options.blockScale,
      to: &output)
  }

  /// Appends the columns that come before the name when rows are names:
  /// the inode, blocks and context, each right-aligned and followed by a
  /// space.
  func appendPrefix(_ row: FileRow, _ columns: LongColumns, to output: inout [UInt8]) {
    let status = row.status
    appendInodeAndBlocks(status, columns, to: &output)
    if options.showsContext {
      appendRightAligned(context(of: row, status), width: columns.contextWidth, to: &output)
      output.append(UInt8(ascii: " "))
    }
  }

  /// The security context as `-Z` shows it: `?` for a file that could not
  /// be looked at, or that has none.
  private func context(of row: FileRow, _ status: FileStatus?) -> [UInt8] {
    status == nil ? [UInt8(ascii: "?")] : row.securityContext ?? [UInt8(ascii: "?")]
  }

  private func appendInodeAndBlocks(
    _ status: FileStatus?, _ columns: LongColumns, to output: inout [UInt8]
  ) {
    if options.showsInode {
      appendDecimal(status?.inode, rightAlignedTo: columns.inodeWidth, to: &output)
      output.append(UInt8(ascii: " "))
    }
    if options.showsBlocks {
      if let status {
        var blocks: [UInt8] = []
        appendBlocks(of: status, to: &blocks)
        appendRightAligned(blocks, width: columns.blocksWidth, to: &output)
      } else {
        appendUnknown(rightAlignedTo: columns.blocksWidth, to: &output)
      }
      output.append(UInt8(ascii: " "))
    }
  }

  /// Appends one `-l` row: the columns, then `name` as already rendered.
  ///
  /// - Parameters:
  ///   - row: The file.
  ///   - columns: The listing's widths.
  ///   - output: Where the row goes.
  ///   - name: Appends the row's name, as the listing shows names, given
  ///     its column as ls counts it (for clear-to-end-of-line after colors).
  ///   - target: Appends a symlink target, given its column likewise.
  ///
  /// ls counts columns from where it last wrote its buffer out: after the
  /// owner, group, author and context columns when any is shown. Colored
  /// names wrap where ls thinks they do only when counted the same way.
  func appendRow(
    _ row: FileRow, _ columns: LongColumns, to output: inout [UInt8],
    name: (inout [UInt8], _ column: Int) -> Void,
    target: ([UInt8], inout [UInt8], _ column: Int) -> Void
  ) {
    var origin = output.count
    let status = row.details?.status
    appendInodeAndBlocks(status, columns, to: &output)
    appendMode(of: row, status, columns, to: &output)
    appendDecimal(status?.linkCount, rightAlignedTo: columns.linkWidth, to: &output)
    output.append(UInt8(ascii: " "))
    if appendAccounts(of: row, status, columns, to: &output) {
      origin = output.count
    }
    appendSize(status, columns, to: &output)
    output.append(UInt8(ascii: " "))
    times.append(status.flatMap { $0.time(options.timeField) }, to: &output)
    output.append(UInt8(ascii: " "))
    name(&output, output.count - origin)
    appendTargetAndIndicator(of: row, status, to: &output) { linkTarget, output in
      target(linkTarget, &output, output.count - origin)
    }
  }

  /// The mode string (and the ACL mark), then a space; for an entry that
  /// could not be stat'ed, what ls shows: the type from the directory entry
  /// and question marks.
  private func appendMode(
    of row: FileRow, _ status: FileStatus?, _ columns: LongColumns, to output: inout [UInt8]
  ) {
    if let status {
      appendModeString(status.mode, to: &output)
      if columns.anyAccessMark {
        output.append(row.details?.accessMark.byte ?? UInt8(ascii: " "))
      }
    } else {
      output.append(typeLetter(row.kind))
      output.append(
        contentsOf: repeatElement(UInt8(ascii: "?"), count: columns.anyAccessMark ? 10 : 9))
    }
    output.append(UInt8(ascii: " "))
  }

  /// The owner, group, author and context columns the options show.
  ///
  /// - Returns: Whether any was shown: ls writes its buffer out after
  ///   them, and counts columns from there.
  private func appendAccounts(
    of row: FileRow, _ status: FileStatus?, _ columns: LongColumns, to output: inout [UInt8]
  ) -> Bool {
    if options.showsOwner {
      appendAccount(
        status?.userID, name: status.flatMap { ownerName($0.userID) }, width: columns.ownerWidth,
        to: &output)
    }
    if options.showsGroup {
      appendAccount(
        status?.groupID, name: status.flatMap { groupName($0.groupID) },
        width: columns.groupWidth, to: &output)
    }
    if options.showsAuthor {
      appendAccount(
        status?.userID, name: status.flatMap { ownerName($0.userID) },
        width: columns.authorWidth, to: &output)
    }
    if options.showsContext {
      appendLeftAligned(context(of: row, status), width: columns.contextWidth, to: &output)
      output.append(UInt8(ascii: " "))
    }
    return options.showsOwner || options.showsGroup || options.showsAuthor || options.showsContext
  }

  /// The size, or a device's major and minor numbers, right-aligned.
  private func appendSize(_ status: FileStatus?, _ columns: LongColumns, to output: inout [UInt8]) {
    guard let status else {
      return appendUnknown(rightAlignedTo: columns.sizeWidth, to: &output)
    }
    if status.isDevice {
      let blanks = columns.sizeWidth - (columns.majorWidth + 2 + columns.minorWidth)
      appendDecimal(
        UInt64(status.deviceMajor), rightAlignedTo: columns.majorWidth + max(0, blanks), to: &output
      )
      output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")])
      appendDecimal(UInt64(status.deviceMinor), rightAlignedTo: columns.minorWidth, to: &output)
    } else if options.sizeScale == .bytes {
      appendDecimal(
        UInt64(clamping: max(status.size, 0)), rightAlignedTo: columns.sizeWidth, to: &output)
    } else {
      var size: [UInt8] = []
      appendSize(status.size, to: &size)
      appendRightAligned(size, width: columns.sizeWidth, to: &output)
    }
  }

  /// What follows the name: a symbolic link shows its target (if it could
  /// be read) and the target's indicator, never its own; anything else
  /// its indicator.
  private func appendTargetAndIndicator(
    of row: FileRow, _ status: FileStatus?, to output: inout [UInt8],
    target: ([UInt8], inout [UInt8]) -> Void
  ) {
    guard row.kind == .symbolicLink else {
      if let indicator = indicators.indicator(mode: status?.mode, kind: row.kind) {
        output.append(indicator)
      }
      return
    }
    guard let linkTarget = row.symlinkTarget else { return }
    output.append(contentsOf: Array(" -> ".utf8))
    target(linkTarget, &output)
    if indicators != .none,
      let indicator = indicators.indicator(mode: row.targetMode, kind: .unknown)
    {
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

import RowCore

/// Makes the configure closure for each listing: how a ``FileRow`` becomes
/// its cell text in the output mode the options chose.
final class RowFormatter {
  private let options: Options
  private let classifies: Bool
  private let accounts = AccountNames()
  private let long: LongFormat

  init(_ options: Options, classifies: Bool) {
    self.options = options
    self.classifies = classifies
    long = LongFormat(options, classifies: classifies, accounts: accounts)
  }

  /// The configure closure for the rows of `listing`.
  ///
  /// - Parameters:
  ///   - listing: The rows about to be written.
  ///   - alsoMeasured: Listings whose rows are not written here but count
  ///     for column widths, as ls measures directory operands along with
  ///     the file operands.
  ///   - shows: Whether a row is written at all (`--type`); only those count.
  /// - Returns: A closure that sets a row's cell text.
  func configure(
    for listing: Listing, alsoMeasuring alsoMeasured: [Listing] = [],
    shows: (Entry) -> Bool
  ) -> (inout Cell, FileRow) -> Void {
    switch options.format {
    case .names:
      let classifies = self.classifies
      guard options.showsInode else {
        if !classifies {
          return { cell, row in row.appendDisplayText(to: &cell.text) }
        }
        return { cell, row in
          row.appendDisplayText(to: &cell.text)
          if let indicator = classifyIndicator(mode: row.status?.mode, kind: row.kind) {
            cell.append(byte: indicator)
          }
        }
      }
      var width = 0
      for measured in [listing] + alsoMeasured {
        for entry in measured.list.entries {
          if let status = measured.list.status(of: entry) {
            width = max(width, decimalWidth(status.inode))
          }
        }
      }
      return { cell, row in
        if let status = row.status {
          appendDecimal(status.inode, rightAlignedTo: width, to: &cell.text)
        } else {
          appendRightAligned([UInt8(ascii: "?")], width: width, to: &cell.text)
        }
        cell.append(byte: UInt8(ascii: " "))
        row.appendDisplayText(to: &cell.text)
        if classifies, let indicator = classifyIndicator(mode: row.status?.mode, kind: row.kind) {
          cell.append(byte: indicator)
        }
      }
    case .long:
      var columns = LongColumns()
      for measured in [listing] + alsoMeasured { columns.measure(measured, long, shows: shows) }
      let long = self.long
      return { cell, row in
        long.appendRow(
          row, columns, to: &cell.text,
          name: { row.appendDisplayText(to: &$0) },
          target: { target, output in output.append(contentsOf: target) })
      }
    case .template(let template):
      return { [accounts] cell, row in
        TemplateRenderer.append(template, row, accounts: accounts, to: &cell.text)
      }
    }
  }
}

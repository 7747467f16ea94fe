import RowCore

/// Makes the configure closure for each listing: how a ``FileRow`` becomes
/// its cell text in the output mode the options chose.
final class RowFormatter {
  private let options: Options
  private let classifies: Bool
  private let accounts = AccountNames()
  private let long: LongFormat
  private let painter: NamePainter

  init(_ options: Options, classifies: Bool, names: NameStyle) {
    self.options = options
    self.classifies = classifies
    long = LongFormat(options, classifies: classifies, accounts: accounts)
    painter = NamePainter(names)
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
    let painter = self.painter
    let style = painter.style
    let classifies = self.classifies
    switch options.format {
    case .names:
      var inodeWidth: Int?
      if options.showsInode {
        var width = 0
        for measured in [listing] + alsoMeasured {
          for entry in measured.list.entries where shows(entry) {
            if let status = measured.list.status(of: entry) {
              width = max(width, decimalWidth(status.inode))
            }
          }
        }
        inodeWidth = width
      }
      if style.isPlain && inodeWidth == nil && !classifies {
        // The hot path: bytes as they are.
        return { cell, row in row.appendDisplayText(to: &cell.text) }
      }
      return { cell, row in
        painter.beginRow(to: &cell.text)
        if let inodeWidth {
          if let status = row.status {
            appendDecimal(status.inode, rightAlignedTo: inodeWidth, to: &cell.text)
          } else {
            appendRightAligned([UInt8(ascii: "?")], width: inodeWidth, to: &cell.text)
          }
          cell.append(byte: UInt8(ascii: " "))
        }
        Self.appendName(row, painter, to: &cell.text)
        if classifies, let indicator = classifyIndicator(mode: row.status?.mode, kind: row.kind) {
          cell.append(byte: indicator)
        }
      }
    case .long:
      var columns = LongColumns()
      for measured in [listing] + alsoMeasured { columns.measure(measured, long, shows: shows) }
      // As ls: with a quoting style that quotes only some names, the others
      // are moved one column right so that names line up.
      var padsUnquoted = false
      if [.shell, .shellEscape, .cMaybe].contains(style.quoting.style) {
        padsUnquoted = ([listing] + alsoMeasured).contains { measured in
          measured.list.entries.indices.contains { position in
            shows(measured.list.entries[position])
              && painter.isQuoted(FileRow(listing: measured, position: position).displayText)
          }
        }
      }
      let long = self.long
      return { cell, row in
        let start = cell.text.count
        painter.beginRow(to: &cell.text)
        long.appendRow(
          row, columns, to: &cell.text,
          name: { output in
            let text = row.displayText
            let pad = padsUnquoted && !painter.isQuoted(text)
            painter.append(
              text, color: Self.color(of: row, style), pad: pad,
              column: output.count - start - painter.sequenceBytesInRow, to: &output)
          },
          target: { target, output in
            let color = style.palette?.sequence(
              name: target, status: row.status, kind: row.kind,
              targetMode: row.details?.targetMode ?? 0, isTarget: true)
            painter.append(
              target, color: color, column: output.count - start - painter.sequenceBytesInRow,
              to: &output)
          })
      }
    case .template(let template):
      let hides = style.hidesControlCharacters
      return { [accounts] cell, row in
        TemplateRenderer.append(
          template, row, accounts: accounts, hidesControlCharacters: hides, to: &cell.text)
      }
    case .json:
      return { [accounts] cell, row in
        StructuredRows.appendJSON(row, accounts: accounts, to: &cell.text)
      }
    case .csv:
      let hides = style.hidesControlCharacters
      return { [accounts] cell, row in
        StructuredRows.appendCSV(
          row, accounts: accounts, hidesControlCharacters: hides, to: &cell.text)
      }
    }
  }

  /// What goes after all rows (see ``NamePainter/trailer()``).
  func trailer() -> [UInt8] {
    painter.trailer()
  }

  /// The row's name as the listing shows it: quoted, colored.
  private static func appendName(_ row: FileRow, _ painter: NamePainter, to output: inout [UInt8]) {
    if painter.style.isPlain {
      row.appendDisplayText(to: &output)
      return
    }
    painter.append(row.displayText, color: color(of: row, painter.style), to: &output)
  }

  /// The row's color sequence, if colors are on.
  private static func color(of row: FileRow, _ style: NameStyle) -> [UInt8]? {
    guard let palette = style.palette else { return nil }
    return palette.sequence(
      name: row.baseName, status: row.status, kind: row.kind,
      targetMode: row.details?.targetMode ?? 0)
  }
}

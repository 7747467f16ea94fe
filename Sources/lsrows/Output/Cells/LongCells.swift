import RowCore

/// Rows as `ls -l --time-style=long-iso` writes them (see ``LongFormat``),
/// with names quoted and colored as the terminal wants.
final class LongCells: CellFormat {
  private let long: LongFormat
  private let painter: NamePainter

  init(long: LongFormat, painter: NamePainter) {
    self.long = long
    self.painter = painter
  }

  func configure(measuring measured: MeasuredRows) -> (inout Cell, FileRow) -> Void {
    let columns = LongColumns(measuring: measured, long)
    let painter = self.painter
    let style = painter.style
    // As ls: with a quoting style that quotes only some names, the others
    // are moved one column right so that names line up.
    var padsUnquoted = false
    if [.shell, .shellEscape, .cMaybe].contains(style.quoting.style) {
      padsUnquoted = measured.contains { painter.isQuoted($0.displayText) }
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
            text, color: painter.color(of: row), pad: pad,
            column: output.count - start - painter.sequenceBytesInRow, to: &output)
        },
        target: { target, output in
          let color = style.palette?.sequence(
            name: target, status: row.status, kind: row.kind, targetMode: row.targetMode,
            isTarget: true)
          painter.append(
            target, color: color, column: output.count - start - painter.sequenceBytesInRow,
            to: &output)
        })
    }
  }

  func trailer() -> [UInt8] {
    painter.trailer()
  }
}

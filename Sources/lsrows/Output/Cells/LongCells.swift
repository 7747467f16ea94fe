import RowCore

/// Rows as `ls -l --time-style=long-iso` writes them (see ``LongFormat``),
/// with names quoted and colored as the terminal wants.
final class LongCells: CellFormat {
  private let long: LongFormat
  private let painter: NamePainter
  /// Whether the quoting style quotes only some names: then, as ls does,
  /// the others are moved one column right when any is quoted, so that
  /// names line up.
  private let quotesSomeNames: Bool

  init(long: LongFormat, painter: NamePainter) {
    self.long = long
    self.painter = painter
    quotesSomeNames = [.shell, .shellEscape, .cMaybe].contains(painter.style.quoting.style)
  }

  func measure(_ measured: MeasuredRows) -> ColumnMeasure {
    var measure = ColumnMeasure(columns: LongColumns(measuring: measured, long))
    if quotesSomeNames {
      measure.anyQuoted = measured.contains { painter.isQuoted($0.displayText) }
    }
    return measure
  }

  var carriesStateAcrossRows: Bool {
    painter.carriesStateAcrossRows
  }

  func measure(_ row: FileRow, into measure: inout ColumnMeasure) {
    measure.columns.measure(row, long)
    if quotesSomeNames && !measure.anyQuoted {
      measure.anyQuoted = painter.isQuoted(row.displayText)
    }
  }

  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void {
    let columns = measure.columns
    let padsUnquoted = measure.anyQuoted
    let painter = self.painter
    let style = painter.style
    let long = self.long
    func appendRow(_ row: FileRow, to bytes: inout [UInt8]) {
      let link = painter.link(for: row)
      painter.beginRow(to: &bytes)
      // Bytes of sequences in the name, which take no column.
      var nameSequenceBytes = 0
      long.appendRow(
        row, columns, to: &bytes,
        name: { output, column in
          let text = row.displayText
          // Asked only when it moves the name: it quotes the name once more.
          let quoted = padsUnquoted && painter.isQuoted(text)
          let before = painter.sequenceBytesInRow
          painter.append(
            text, color: painter.color(of: row), pad: padsUnquoted && !quoted, column: column,
            link: link, quotesOutsideLink: padsUnquoted && quoted, to: &output)
          nameSequenceBytes = painter.sequenceBytesInRow - before
        },
        target: { target, output, column in
          let color = style.palette?.sequence(
            name: target, status: row.status, kind: row.kind, targetMode: row.targetMode,
            isTarget: true)
          painter.append(
            target, color: color, column: column - nameSequenceBytes, link: link,
            quotesOutsideLink: padsUnquoted && painter.isQuoted(target), to: &output)
        })
    }
    return { cell, row in cell.appending { appendRow(row, to: &$0) } }
  }

  func trailer() -> [UInt8] {
    painter.trailer()
  }
}

import RowCore

/// Rows that show names (the default): the inode, blocks and context first
/// with `-i`, `-s` and `-Z`, the name quoted and colored as the terminal
/// wants, the indicator last.
final class NameCells: CellFormat {
  private let painter: NamePainter
  private let prefix: LongFormat?
  private let indicators: IndicatorStyle

  init(painter: NamePainter, columns: LongRowOptions, indicators: IndicatorStyle) {
    self.painter = painter
    self.indicators = indicators
    let hasPrefix = columns.showsInode || columns.showsBlocks || columns.showsContext
    prefix =
      hasPrefix
      ? LongFormat(columns, isLong: false, indicators: indicators, accounts: AccountNames())
      : nil
  }

  func measure(_ measured: MeasuredRows) -> ColumnMeasure {
    ColumnMeasure(columns: prefix.map { LongColumns(measuring: measured, $0) } ?? LongColumns())
  }

  var carriesStateAcrossRows: Bool {
    painter.carriesStateAcrossRows
  }

  func measure(_ row: FileRow, into measure: inout ColumnMeasure) {
    if let prefix { measure.columns.measure(row, prefix) }
  }

  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void {
    configure(columns: prefix.map { _ in measure.columns })
  }

  /// The closure for rows whose columns before names are `columns`, `nil`
  /// when there are none.
  private func configure(columns: LongColumns?) -> (inout Cell, FileRow) -> Void {
    let painter = self.painter
    let indicators = self.indicators
    let prefix = self.prefix
    if painter.isPlain && prefix == nil && indicators == .none {
      // The hot path: bytes as they are.
      return { cell, row in cell.appending { row.appendDisplayText(to: &$0) } }
    }
    return { cell, row in
      cell.appending { bytes in
        painter.beginRow(to: &bytes)
        if let prefix, let columns {
          prefix.appendPrefix(row, columns, to: &bytes)
        }
        painter.appendName(of: row, to: &bytes)
        if let indicator = indicators.indicator(mode: row.status?.mode, kind: row.kind) {
          bytes.append(indicator)
        }
      }
    }
  }

  func trailer() -> [UInt8] {
    painter.trailer()
  }
}

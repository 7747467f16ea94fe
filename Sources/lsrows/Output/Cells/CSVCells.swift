import RowCore

/// Rows as CSV records after a header line (see ``CSVRecordEncoder``).
final class CSVCells: CellFormat {
  private let encoder: CSVRecordEncoder

  init(_ encoder: CSVRecordEncoder) {
    self.encoder = encoder
  }

  var header: [UInt8]? {
    encoder.header
  }

  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void {
    let encoder = self.encoder
    return { cell, row in cell.appending { encoder.append(row, to: &$0) } }
  }
}

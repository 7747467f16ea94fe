import RowCore

/// Rows as JSON Lines objects (see ``JSONRecordEncoder``).
final class JSONCells: CellFormat {
  private let encoder: JSONRecordEncoder

  init(_ encoder: JSONRecordEncoder) {
    self.encoder = encoder
  }

  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void {
    let encoder = self.encoder
    return { cell, row in cell.appending { encoder.append(row, to: &$0) } }
  }
}

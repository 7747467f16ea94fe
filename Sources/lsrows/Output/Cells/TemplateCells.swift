import RowCore

/// Rows from a `--format` template (see ``TemplateEncoder``).
final class TemplateCells: CellFormat {
  private let encoder: TemplateEncoder

  init(_ encoder: TemplateEncoder) {
    self.encoder = encoder
  }

  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void {
    let encoder = self.encoder
    return { cell, row in cell.appending { encoder.append(row, to: &$0) } }
  }
}

import RowCore

/// How rows become cell text in one output mode (names, `-l`, a template,
/// JSON, CSV).
protocol CellFormat: AnyObject {
  /// The text of a row that comes before every other (CSV's header line).
  var header: [UInt8]? { get }

  /// The closure that configures the cells of rows that share columns with
  /// `measured`: a directory's shown rows, or the operands'.
  func configure(measuring measured: MeasuredRows) -> (inout Cell, FileRow) -> Void

  /// Bytes that go after all rows (see ``NamePainter/trailer()``).
  func trailer() -> [UInt8]
}

extension CellFormat {
  var header: [UInt8]? { nil }

  func trailer() -> [UInt8] { [] }
}

import RowCore

/// How rows become cell text in one output mode (names, `-l`, a template,
/// JSON, CSV).
protocol CellFormat: AnyObject {
  /// The text of a row that comes before every other (CSV's header line).
  var header: [UInt8]? { get }

  /// The closure that configures the cells of rows that share columns with
  /// `measured`: a directory's shown rows, or the operands'.
  func configure(measuring measured: MeasuredRows) -> (inout Cell, FileRow) -> Void

  /// Widens `measure` to fit `row`, for rows measured one at a time.
  func measure(_ row: FileRow, into measure: inout ColumnMeasure)

  /// The closure that configures the cells of rows measured one at a time
  /// into `measure`; the same text as ``configure(measuring:)`` over them.
  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void

  /// Bytes that go after all rows (see ``NamePainter/trailer()``).
  func trailer() -> [UInt8]
}

extension CellFormat {
  var header: [UInt8]? { nil }

  func trailer() -> [UInt8] { [] }

  /// Nothing to measure: the cells depend on their row alone.
  func measure(_ row: FileRow, into measure: inout ColumnMeasure) {}

  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void {
    configure(measuring: MeasuredRows(listings: [], shows: { _ in true }))
  }
}

import RowCore

/// How rows become cell text in one output mode (names, `-l`, a template,
/// JSON, CSV).
protocol CellFormat: AnyObject {
  /// The text of a row that comes before every other (CSV's header line).
  var header: [UInt8]? { get }

  /// What the cells of rows that share columns with `measured` (a
  /// directory's shown rows, or the operands') need to know of them all.
  func measure(_ measured: MeasuredRows) -> ColumnMeasure

  /// Widens `measure` to fit `row`, for rows measured one at a time.
  func measure(_ row: FileRow, into measure: inout ColumnMeasure)

  /// The closure that configures the cells of rows measured into `measure`.
  func configure(measured measure: ColumnMeasure) -> (inout Cell, FileRow) -> Void

  /// Whether a row's text depends on this format's rows before it (the
  /// first color sequence of the output follows a reset): then rows are
  /// rendered by one format in order, never in runs by two at once.
  var carriesStateAcrossRows: Bool { get }

  /// Bytes that go after all rows (see ``NamePainter/trailer()``).
  func trailer() -> [UInt8]
}

extension CellFormat {
  var header: [UInt8]? { nil }

  func trailer() -> [UInt8] { [] }

  var carriesStateAcrossRows: Bool { false }

  /// Nothing to measure: the cells depend on their row alone.
  func measure(_ measured: MeasuredRows) -> ColumnMeasure { ColumnMeasure() }

  func measure(_ row: FileRow, into measure: inout ColumnMeasure) {}

  /// The closure that configures the cells of rows that share columns with
  /// `measured`.
  func configure(measuring measured: MeasuredRows) -> (inout Cell, FileRow) -> Void {
    configure(measured: measure(measured))
  }
}

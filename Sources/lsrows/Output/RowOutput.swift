import RowCore

/// Everything that turns rows into bytes: the cells of the chosen format,
/// the filter, the column widths of each directory, the header and the
/// trailer, and the one ``RowWriter`` that writes standard output in large
/// chunks.
///
/// Rows arrive as listings and reach the writer through RowCore's typed
/// builder, a few thousand boxed rows at a time.
final class RowOutput {
  private typealias WriteError = FileDescriptorSink.WriteError
  private var writer: RowWriter<OutputSink>
  private let cells: any CellFormat
  private let filter: RowFilter
  /// Whether a row is written.
  private let shows: (FileRow) -> Bool
  /// Whether cells depend on their directory's other rows; when they do
  /// not, one closure configures every row.
  private let measuresColumns: Bool
  private var columns = ColumnCache()
  private var everyRow: ((inout Cell, FileRow) -> Void)?
  /// How many more rows `--limit` lets through; `nil` without a limit.
  private let rowsLeft: RowCountdown?
  /// What the second renderer's own format is made from.
  private let presentation: Presentation
  /// Renders large measured runs with a second thread; made for the first.
  private var second: SecondRenderer?

  /// - Parameters:
  ///   - presentation: How rows are presented.
  ///   - sink: Where the bytes go.
  ///   - limit: How many rows are written at most (`--limit`), if any.
  init(_ presentation: Presentation, sink: OutputSink, limit: Int? = nil) {
    writer = RowWriter(sink: sink, terminator: presentation.terminator)
    let accounts = AccountNames()
    cells = presentation.makeCellFormat(accounts: accounts)
    let filter = presentation.filter
    let reader = FieldReader(accounts: accounts)
    self.filter = filter
    shows = { $0.listing.isFiltered || filter.shows($0, reader) }
    measuresColumns = presentation.measuresColumns
    rowsLeft = limit.map(RowCountdown.init)
    self.presentation = presentation
  }

  /// Whether `row` is written: it passes `--where`, `--type` and
  /// `--min-depth`.
  func isShown(_ row: FileRow) -> Bool {
    shows(row)
  }

  /// How many more rows can be written: `nil` without `--limit`, 0 once
  /// its rows are all written.
  var remainingRows: Int? {
    rowsLeft?.count
  }

  /// Writes what comes before the rows: a header row, if the format has one.
  func begin() throws(SystemError) {
    guard let header = cells.header else { return }
    try writing { writer throws(WriteError) in
      try writer.write(rows([header]) { cell, header in cell.append(header) })
    }
  }

  /// Writes operands listed as themselves; their columns are measured
  /// together with `alsoMeasured` (directory operands, listed later), as ls
  /// measures them.
  func write(operands listing: Listing, alsoMeasuring alsoMeasured: [Listing] = [])
    throws(SystemError)
  {
    guard listing.count > 0 else { return }
    let configure = cells.configure(
      measuring: MeasuredRows(listings: [listing] + alsoMeasured, shows: shows))
    try write(listing.rows, configure)
  }

  /// Writes spans of walked directories' rows, in order, each with the
  /// columns of its directory, measured once for all its spans.
  ///
  /// When no cell depends on its directory's other rows, one closure
  /// configures every row and the spans go out in one write: a tree of
  /// small directories sends a span per subdirectory, and a write per span
  /// cost more than its rows.
  func write<Holder>(spans: ListingSpans<Holder>) throws(SystemError) {
    let cells = self.cells
    let shows = self.shows
    guard measuresColumns else {
      guard rowsLeft == nil, filter.keepsAll else { return try write(spans, rowAlone()) }
      // Boxed as rows the spans' events keep: a FileRow in each box was a
      // retain and a release of its listing for every row.
      let configure = rowAlone()
      return try writing { writer throws(WriteError) in
        try writer.write(spans.lentRows) { cell, row in row.withRow { configure(&cell, $0) } }
      }
    }
    for (listing, range) in spans.spans {
      let columns = columns.columns(for: listing) {
        let measure = cells.measure(MeasuredRows(listings: [listing], shows: shows))
        return ColumnCache.Columns(measure: measure, configure: cells.configure(measured: measure))
      }
      guard let second = secondRenderer(for: listing, range) else {
        try write(listing.rows(range), columns.configure)
        continue
      }
      try second.write(
        range, of: listing, measured: columns.measure,
        write: { rows throws(SystemError) in try write(rows, columns.configure) },
        append: { bytes throws(SystemError) in
          try writing { writer throws(WriteError) in try writer.write(bytes: bytes) }
        })
    }
  }

  /// The renderer that shares `range` of `listing` with a second thread,
  /// when it is large and every row in it is written: not with `--limit`,
  /// which counts rows as they go, nor when a filter is still to be asked
  /// (it reads account names, which one thread looks up at a time).
  private func secondRenderer(for listing: Listing, _ range: Range<Int>) -> SecondRenderer? {
    guard range.count >= SecondRenderer.minimumRows, rowsLeft == nil,
      filter.keepsAll || listing.isFiltered, !cells.carriesStateAcrossRows
    else { return nil }
    if second == nil {
      second = SecondRenderer(
        cells: presentation.makeCellFormat(accounts: AccountNames()),
        terminator: presentation.terminator)
    }
    return second
  }

  /// Whether a row's text depends on nothing but the row, so that it can
  /// be rendered before it is written (``render(_:into:)``).
  var rendersRowsAlone: Bool {
    !measuresColumns
  }

  /// The one closure that configures every row when no cell depends on
  /// other rows: made once, and never stored again, since storing a
  /// closure that came out of an optional wraps it in one more thunk each
  /// time.
  private func rowAlone() -> (inout Cell, FileRow) -> Void {
    if everyRow == nil {
      everyRow = cells.configure(measuring: MeasuredRows(listings: [], shows: shows))
    }
    return everyRow!
  }

  /// Renders `row` into `cell`, emptied first, as it would be written
  /// (without its terminator).
  ///
  /// For rows sorted as text within a memory budget; only for formats
  /// whose cells depend on nothing but their row (``rendersRowsAlone``).
  func render(_ row: FileRow, into cell: inout Cell) {
    cell.removeAll()
    rowAlone()(&cell, row)
  }

  /// Writes rows ``render(_:into:)`` made, in order, through the same
  /// typed builder: each row is an item, its place in the batch, whose
  /// cell is its text.
  ///
  /// - Throws: A ``SystemError`` when the output cannot be written.
  func write(rendered rows: RenderedRows) throws(SystemError) {
    let bytes = rows.bytes
    try writing { writer throws(WriteError) in
      try writer.write(rows.ranges) { cell, range in cell.append(bytes[range]) }
    }
  }

  /// Writes rows of one operand in the order given (a ``TreeOrder``, or
  /// du's for totals), with columns measured over these rows alone.
  ///
  /// - Parameters:
  ///   - rows: The rows, in order.
  ///   - areShown: Whether every row passed the filter already.
  /// - Throws: A ``SystemError`` when the output cannot be written.
  func write(rows: [FileRow], areShown: Bool) throws(SystemError) {
    guard !rows.isEmpty else { return }
    let configure: (inout Cell, FileRow) -> Void
    if measuresColumns {
      configure = cells.configure(measuring: MeasuredRows(listings: [], shows: shows, rows: rows))
    } else {
      configure = rowAlone()
    }
    try write(rows, configure, areShown: areShown)
  }

  /// Widens `measure` to fit `row`, for rows whose columns are measured
  /// one at a time as they come (``write(rows:measured:)``).
  func measure(_ row: FileRow, into measure: inout ColumnMeasure) {
    cells.measure(row, into: &measure)
  }

  /// Writes shown rows, in order, with the columns `measure` took over
  /// all the rows they are part of.
  ///
  /// - Throws: A ``SystemError`` when the output cannot be written.
  func write(rows: [FileRow], measured measure: ColumnMeasure) throws(SystemError) {
    try write(rows, cells.configure(measured: measure), areShown: true)
  }

  private func write(
    _ rows: some Sequence<FileRow>, _ configure: @escaping (inout Cell, FileRow) -> Void,
    areShown: Bool = false
  ) throws(SystemError) {
    if let rowsLeft {
      // Counted as they are boxed: the writer stops asking at the limit.
      let limited = LimitedRows(base: rows, shows: areShown ? nil : shows, countdown: rowsLeft)
      try writing { writer throws(WriteError) in
        try writer.write(limited, configure: configure)
      }
    } else if filter.keepsAll || areShown {
      try writing { writer throws(WriteError) in try writer.write(rows, configure: configure) }
    } else {
      let shows = self.shows
      try writing { writer throws(WriteError) in
        try writer.write(rows.lazy.filter(shows), configure: configure)
      }
    }
  }

  /// Writes rows another thread rendered through an output of its own
  /// (a subtree's, ``SubtreeWorker``), in order after the rows before.
  ///
  /// - Throws: A ``SystemError`` when the output cannot be written.
  func write(rendered bytes: [UInt8]) throws(SystemError) {
    try writing { writer throws(WriteError) in
      try bytes.withUnsafeBytes { bytes in
        Result { () throws(WriteError) in try writer.write(rendered: bytes) }
      }.get()
    }
  }

  /// Writes out what is buffered: before a message, so that messages and
  /// rows interleave as ls interleaves them.
  func flush() throws(SystemError) {
    try writing { writer throws(WriteError) in try writer.flush() }
  }

  /// Writes what goes after all rows, and flushes.
  func finish() throws(SystemError) {
    let trailer = cells.trailer()
    try writing { writer throws(WriteError) in
      try writer.write(bytes: trailer)
      try writer.flush()
    }
  }

  /// Runs `body` on the writer, naming a failed write as a system error.
  private func writing(
    _ body: (inout RowWriter<OutputSink>) throws(WriteError) -> Void
  ) throws(SystemError) {
    do {
      try body(&writer)
    } catch {
      throw .write(Errno(rawValue: error.errno))
    }
  }
}

import RowCore

/// A second thread's share of writing one large run of rows whose
/// columns are measured (`-l` of a large directory), where formatting the
/// rows is the last work left and one thread would do it alone.
///
/// The run goes in turns: while the writing thread renders one turn's
/// first half into the output, a second thread renders the other half
/// into memory, and those bytes follow. Each half goes through RowCore's
/// typed builder and store, on the thread that renders it.
///
/// The second thread's rows are configured by a format of its own (its
/// own account names, clock and scratch) and belong to a twin of the
/// listing (``Listing/twin()``), so the two share nothing that either
/// writes, reference counts included. Formats whose rows depend on the
/// rows before them (colors: ``CellFormat/carriesStateAcrossRows``) are
/// never split. A turn's rows are bounded, so memory is too: one half
/// turn's text.
final class SecondRenderer {
  /// Rows each thread renders in a turn: its text (about 1 MiB for `-l`)
  /// is what the second thread holds.
  static let rowsPerHalfTurn = 1 << 14
  /// Below this many rows, starting threads costs more than it saves.
  static let minimumRows = 1 << 16

  private let cells: any CellFormat
  private let rendered = RenderedBytes()
  private var writer: RowWriter<RenderedBytes>

  /// - Parameters:
  ///   - cells: A format of its own, made for this renderer alone.
  ///   - terminator: The byte after each row, as the output writes it.
  init(cells: any CellFormat, terminator: RowTerminator) {
    self.cells = cells
    // Flushed once a turn, never in between.
    writer = RowWriter(sink: rendered, terminator: terminator, chunkSize: .max)
  }

  /// Writes `rows` of `listing`, all of them shown, with the columns of
  /// `measure`: this thread's turns go to `write`, which renders them into
  /// the output; the other turns are rendered on a second thread and then
  /// handed to `append`, in order.
  ///
  /// - Throws: What `write` or `append` throws; the rows after it are not
  ///   written.
  func write<Failure: Error>(
    _ rows: Range<Int>, of listing: Listing, measured measure: ColumnMeasure,
    write: (LazyMapSequence<Range<Int>, FileRow>) throws(Failure) -> Void,
    append: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let configure = cells.configure(measured: measure)
    // Rows of a listing of its own: the second thread counts no
    // references to the one the writing thread's rows hold.
    let secondListing = listing.twin()
    var start = rows.lowerBound
    while start < rows.upperBound {
      let middle = min(start + Self.rowsPerHalfTurn, rows.upperBound)
      let end = min(middle + Self.rowsPerHalfTurn, rows.upperBound)
      // Each part touches its own writer; the listing is only read.
      // A thread's part and `withUnsafeBytes` cannot throw a typed error
      // themselves: each returns a `Result`, as `RowWriter.flush` does.
      let parts = Threads.runConcurrently(parts: 2) { part -> Result<Void, Failure> in
        guard part == 0 else {
          render(secondListing.rows(middle..<end), configure)
          return .success(())
        }
        return Result { () throws(Failure) in try write(listing.rows(start..<middle)) }
      }
      // Emptied whatever happens, so that no turn's bytes outlive it.
      defer { rendered.bytes.removeAll(keepingCapacity: true) }
      try parts[0].get()
      try rendered.bytes.withUnsafeBytes { bytes in
        Result { () throws(Failure) in try append(bytes) }
      }.get()
      start = end
    }
  }

  private func render(
    _ rows: LazyMapSequence<Range<Int>, FileRow>,
    _ configure: @escaping (inout Cell, FileRow) -> Void
  ) {
    writer.write(rows, configure: configure)
    writer.flush()
  }
}

/// The bytes a ``SecondRenderer`` renders, kept until the writing thread
/// takes them; a class, so that the renderer empties what its writer
/// fills.
private final class RenderedBytes: RowSink {
  var bytes: [UInt8] = []

  func write(_ chunk: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: chunk)
  }
}

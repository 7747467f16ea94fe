/// Rows whose columns are measured over all of them (`-l`, `-s`, `-i`),
/// kept within `--sort-memory` until the last has come.
///
/// A row's text depends on every other row's widths, so it cannot be
/// rendered as it comes. Instead each row is measured as it comes, then
/// encoded whole (``FileRow/encode(to:)``) into an ``ExternalSort`` under
/// its key; at the end the rows are decoded in key order and written with
/// the widths of all.
struct MeasuredRowStore {
  private let rows: ExternalSort
  private var measure = ColumnMeasure()
  /// The row being added, encoded.
  private var encoded: [UInt8] = []

  init(budget: Int, isReversed: Bool) {
    rows = ExternalSort(budget: budget, isReversed: isReversed)
  }

  /// Takes a shown row, to be written in the order of `key`.
  ///
  /// - Throws: A ``SystemError`` when a run cannot be written.
  mutating func add(_ row: FileRow, key: [UInt8], output: RowOutput) throws(SystemError) {
    output.measure(row, into: &measure)
    encoded.removeAll(keepingCapacity: true)
    row.encode(to: &encoded)
    try rows.add(key: key, row: encoded)
  }

  /// Writes the rows, in the order of their keys.
  func finish(output: RowOutput) throws {
    var batch: [FileRow] = []
    try rows.finish { bytes in
      batch.append(try FileRow(decoding: UnsafeRawBufferPointer(bytes)))
      if batch.count == 4096 {
        try output.write(rows: batch, measured: measure)
        batch.removeAll(keepingCapacity: true)
      }
    }
    try output.write(rows: batch, measured: measure)
  }
}

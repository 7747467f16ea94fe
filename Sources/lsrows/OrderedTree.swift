import RowCore

/// The rows of one operand under a ``TreeOrder`` on their way out.
///
/// With `--limit`, the best rows are held as rows (``TreeRows``), O(limit).
/// Otherwise every row is kept within the `--sort-memory` budget, spilling
/// sorted runs to temporary files (``ExternalSort``): rendered as it comes,
/// kept as its key and text; or, when columns are measured over all rows
/// (`-l`, `-s`), measured as it comes and kept whole (``MeasuredRowStore``).
struct OrderedTree {
  private let order: TreeOrder
  private let reader = FieldReader(accounts: AccountNames())
  /// One of these holds the rows.
  private var best: TreeRows?
  private let rendered: ExternalSort?
  private var measured: MeasuredRowStore?
  private var values: [SortValue?] = []
  private var key: [UInt8] = []
  /// The row's text, rendered into one cell kept for its storage.
  private var text = Cell()

  init(_ order: TreeOrder, configuration: Configuration, output: RowOutput) {
    self.order = order
    let budget = configuration.sortMemory
    if let limit = output.remainingRows {
      best = TreeRows(order: order, reader: reader, limit: limit)
      rendered = nil
    } else if output.rendersRowsAlone {
      rendered = ExternalSort(budget: budget, isReversed: order.isReversed)
    } else {
      rendered = nil
      measured = MeasuredRowStore(budget: budget, isReversed: order.isReversed)
    }
  }

  /// Takes a row the listing shows.
  mutating func add(_ row: FileRow, output: RowOutput) throws {
    if best != nil {
      return try best!.add(row)
    }
    values.removeAll(keepingCapacity: true)
    SortValue.append(of: row, keys: order.keys, reader: reader, to: &values)
    key.removeAll(keepingCapacity: true)
    values.withUnsafeBufferPointer { values in
      SortKeyBytes.append(row, values: values, order: order, to: &key)
    }
    if let rendered {
      output.render(row, into: &text)
      try rendered.add(key: key, row: text.text)
    } else {
      try measured!.add(row, key: key, output: output)
    }
  }

  /// Writes the rows, in order.
  func finish(output: RowOutput) throws {
    if let best {
      try output.write(rows: best.sorted(), areShown: true)
    } else if let rendered {
      // A batch of rows back to back, and where each ends.
      var batch = RenderedRows()
      try rendered.finish { row in
        batch.append(row)
        if batch.count == 4096 {
          try output.write(rendered: batch)
          batch.removeAll()
        }
      }
      try output.write(rendered: batch)
    } else {
      try measured!.finish(output: output)
    }
  }
}

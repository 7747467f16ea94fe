import RowCore

/// The rows of one operand under a ``TreeOrder`` on their way out.
///
/// With `--limit`, or with columns measured over all rows (`-l`, `-s`),
/// rows are held as rows (``TreeRows``); otherwise each is rendered as it
/// comes and kept as its key and text within the `--sort-memory` budget
/// (``ExternalSort``), so a sort of any size holds a bounded amount.
struct OrderedTree {
  private let order: TreeOrder
  private let reader = FieldReader(accounts: AccountNames())
  private var held: TreeRows?
  private let external: ExternalSort?
  private var values: [SortValue?] = []
  private var key: [UInt8] = []
  /// The row's text, rendered into one cell kept for its storage.
  private var text = Cell()

  init(_ order: TreeOrder, configuration: Configuration, output: RowOutput) {
    self.order = order
    if output.remainingRows == nil && output.rendersRowsAlone {
      external = ExternalSort(budget: configuration.sortMemory, isReversed: order.isReversed)
    } else {
      external = nil
      held = TreeRows(order: order, reader: reader, limit: output.remainingRows)
    }
  }

  /// Takes a row the listing shows.
  mutating func add(_ row: FileRow, output: RowOutput) throws {
    guard let external else {
      try held!.add(row)
      return
    }
    values.removeAll(keepingCapacity: true)
    SortValue.append(of: row, keys: order.keys, reader: reader, to: &values)
    key.removeAll(keepingCapacity: true)
    values.withUnsafeBufferPointer { values in
      SortKeyBytes.append(row, values: values, order: order, to: &key)
    }
    output.render(row, into: &text)
    try external.add(key: key, row: text.text)
  }

  /// Writes the rows, in order.
  func finish(output: RowOutput) throws {
    guard let external else {
      try output.write(rows: held!.sorted(), areShown: true)
      return
    }
    // A batch of rows back to back, and where each ends.
    var batch = RenderedRows()
    try external.finish { row throws(SystemError) in
      batch.append(row)
      if batch.count == 4096 {
        try output.write(rendered: batch)
        batch.removeAll()
      }
    }
    try output.write(rendered: batch)
  }
}

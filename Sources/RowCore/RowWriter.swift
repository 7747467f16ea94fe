/// Renders rows into one buffer and hands it to a sink in large chunks.
///
/// Each row's cell text is written followed by the terminator. The writer's
/// one cell is the buffer: each row's text is made after the rows before
/// it, so rendering copies nothing and allocates nothing per row once the
/// buffer has grown. It throws what its sink throws: writing
/// to a sink that cannot fail (as `Collector` below) needs no `try`.
///
/// ```swift
/// var writer = RowWriter(sink: Collector())
/// writer.write(rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") })
/// writer.flush()
/// let output = writer.sink.bytes  // Array("Cell 1\nCell 2\nCell 3\n".utf8)
/// ```
public struct RowWriter<Sink: RowSink> {
  /// The destination of every flushed chunk.
  ///
  /// ```swift
  /// let writer = RowWriter(sink: Collector())
  /// let nothingYet = writer.sink.bytes.isEmpty  // true
  /// ```
  public var sink: Sink {
    destination
  }

  /// The byte written after each row; it may change between rows.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: Collector())
  /// writer.terminator = .nul
  /// writer.write(rows(["a"]) { cell, s in cell.append(s) })
  /// writer.flush()
  /// let terminated = writer.sink.bytes  // [97, 0]
  /// ```
  public var terminator: RowTerminator

  @usableFromInline var destination: Sink
  @usableFromInline let chunkSize: Int
  @usableFromInline let rowsPerStore: Int
  /// The next chunk: each row's cell is made in it, after the rows before
  /// it, so that its text is never copied.
  @usableFromInline var cell = Cell()
  /// The store of the last streaming write, emptied, so that a tree of
  /// small directories does not allocate a store per run of rows.
  @usableFromInline var spareStore = RowStore()
  /// The boxes of streaming writes, kept empty from one to the next.
  @usableFromInline var boxes = BoxPool()

  /// Creates a writer that sends chunks of about `chunkSize` bytes to `sink`.
  ///
  /// ```swift
  /// let writer = RowWriter(sink: Collector(), terminator: .nul, chunkSize: 4096)
  /// let terminator = writer.terminator  // .nul
  /// ```
  ///
  /// - Parameters:
  ///   - sink: Where rendered bytes go.
  ///   - terminator: The byte that ends each row.
  ///   - chunkSize: How many bytes to gather before writing them; at least 1.
  ///   - rowsPerStore: How many items a streaming write boxes at a time; at
  ///     least 1. The writer keeps as many boxes as its largest store
  ///     held, each freed only with the writer (a lookup of its type's
  ///     metadata, some 500 instructions a box): runs of a few rows at a
  ///     time, as a tree's directories give, need no more than 256, and a
  ///     long sequence boxed 256 at a time costs no more than 4,096 at a
  ///     time.
  public init(
    sink: Sink, terminator: RowTerminator = .newline, chunkSize: Int = 1 << 17,
    rowsPerStore: Int = 256
  ) {
    destination = sink
    self.terminator = terminator
    self.chunkSize = max(1, chunkSize)
    self.rowsPerStore = max(1, rowsPerStore)
  }

  /// Renders every row of `store`, in order.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: Collector())
  /// writer.write(rows(["a", "b"]) { cell, s in cell.append(s) })
  /// writer.flush()
  /// let output = writer.sink.bytes  // Array("a\nb\n".utf8)
  /// ```
  ///
  /// - Parameter store: The rows to render.
  /// - Throws: The sink's error; the rows after the failing chunk are not written.
  @inlinable
  public mutating func write(_ store: RowStore) throws(Sink.Failure) {
    let terminatorByte = terminator.byte
    // The store holds every box for the whole write, so each is lent to
    // its closure unretained: a retain and a release per row, otherwise.
    let failure = store.items.withUnsafeBufferPointer { items -> Sink.Failure? in
      items.withMemoryRebound(to: Unmanaged<AnyObject>.self) { boxes -> Sink.Failure? in
        var start = 0
        for run in store.runs {
          let configure = run.configure
          for index in start..<run.end {
            cell.beginRow()
            boxes[index]._withUnsafeGuaranteedRef { configure(&cell, $0) }
            cell.append(byte: terminatorByte)
            if cell.storage.count >= chunkSize {
              do throws(Sink.Failure) {
                try flush()
              } catch {
                return error
              }
            }
          }
          start = run.end
        }
        return nil
      }
    }
    if let failure { throw failure }
  }

  /// Renders the items of any sequence as they come, without first
  /// collecting them: they are boxed into a store a few thousand at a time,
  /// so memory stays flat however long the sequence is.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: Collector())
  /// writer.write((1...3).lazy.map { $0 * 10 }) { cell, n in cell.append("\(n)") }
  /// writer.flush()
  /// let output = writer.sink.bytes  // Array("10\n20\n30\n".utf8)
  /// ```
  ///
  /// - Parameters:
  ///   - items: The rows, in order; read once.
  ///   - configure: Sets a cell's text from one item.
  /// - Throws: The sink's error; the items after it are not read.
  @inlinable
  public mutating func write<Items: Sequence>(
    _ items: Items, configure: @escaping (inout Cell, Items.Element) -> Void
  ) throws(Sink.Failure) {
    // The store lends the pool's boxes for each run of rows: its items
    // share the pool's array, and its one run ends at the rows boxed now,
    // so the boxes beyond it (empty, kept for later) are never read.
    var store = RowStore()
    swap(&store, &spareStore)
    defer {
      store.removeAll(keepingCapacity: true)
      swap(&store, &spareStore)
    }
    let typed = RowStore.typed(configure, emptyingBoxes: true)
    var iterator = items.makeIterator()
    while true {
      let count = boxes.fill(from: &iterator, upTo: rowsPerStore)
      guard count > 0 else { return }
      store.runs.removeAll(keepingCapacity: true)
      store.runs.append(RowStore.Run(end: count, configure: typed))
      store.items = boxes.boxes
      // Shared only while it is written: the pool appends to its array.
      defer { store.items = [] }
      do throws(Sink.Failure) {
        try write(store)
      } catch {
        // Writing a row moves its item out of its box, so only a write the
        // sink stopped leaves boxes full: those of the rows not written.
        boxes.empty(count, of: Items.Element.self)
        throw error
      }
    }
  }

  /// Writes bytes that belong to no row (a trailer after the last row),
  /// with no terminator.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: Collector())
  /// writer.write(bytes: Array("end".utf8))
  /// writer.flush()
  /// let output = writer.sink.bytes  // Array("end".utf8)
  /// ```
  ///
  /// - Parameter bytes: The bytes, unchanged.
  /// - Throws: The sink's error.
  @inlinable
  public mutating func write(bytes: some Collection<UInt8>) throws(Sink.Failure) {
    cell.append(bytes)
    if cell.storage.count >= chunkSize {
      try flush()
    }
  }

  /// Writes bytes rendered elsewhere (by another writer, into memory),
  /// with no terminator, after the rows before: a large piece goes to the
  /// sink as it is, after what is buffered, without being copied into the
  /// buffer; a small one (under a sixteenth of the chunk size) is copied,
  /// so that many small pieces still go out in few chunks.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: Collector())
  /// writer.write(rows(["a"]) { cell, s in cell.append(s) })
  /// Array("b\n".utf8).withUnsafeBytes { writer.write(rendered: $0) }
  /// writer.flush()
  /// let output = writer.sink.bytes  // Array("a\nb\n".utf8)
  /// ```
  ///
  /// - Parameter rendered: The bytes, unchanged; valid only during the call.
  /// - Throws: The sink's error.
  @inlinable
  public mutating func write(rendered: UnsafeRawBufferPointer) throws(Sink.Failure) {
    guard rendered.count >= chunkSize / 16 else {
      return try write(bytes: rendered)
    }
    try flush()
    try destination.write(rendered)
  }

  /// Sends everything buffered to the sink.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: Collector())
  /// writer.write(rows(["x"]) { cell, s in cell.append(s) })
  /// let before = writer.sink.bytes.isEmpty  // true: still buffered
  /// writer.flush()
  /// let after = writer.sink.bytes  // Array("x\n".utf8)
  /// ```
  ///
  /// - Throws: The sink's error. The buffered bytes are dropped either way,
  ///   so a failed write is never retried with stale data.
  @inlinable
  public mutating func flush() throws(Sink.Failure) {
    guard !cell.storage.isEmpty else { return }
    let used = cell.storage.count
    defer {
      cell.removeAllRows()
      // A sink that kept the buffer left none: the next chunk will need
      // about as much as this one did, made at once rather than grown by
      // doubling, with room for its last row to end past this one's.
      let wanted = used + used / 16
      if cell.storage.capacity < wanted { cell.storage.reserveCapacity(wanted) }
    }
    try destination.write(taking: &cell.storage)
  }
}

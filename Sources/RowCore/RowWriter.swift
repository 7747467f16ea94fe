/// Renders rows into one buffer and hands it to a sink in large chunks.
///
/// Each row's cell text is written followed by the terminator. The writer
/// keeps one cell and reuses its storage, so rendering allocates nothing per
/// row once the buffer has grown.
///
/// ```swift
/// var writer = RowWriter(sink: Collector())
/// try writer.write(rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") })
/// try writer.flush()
/// writer.sink.bytes  // "Cell 1\nCell 2\nCell 3\n" as bytes
/// ```
public struct RowWriter<Sink: RowSink> {
  /// The destination of every flushed chunk.
  public var sink: Sink {
    destination
  }

  /// The byte written after each row.
  public var terminator: RowTerminator

  @usableFromInline var destination: Sink
  @usableFromInline var buffer: [UInt8]
  @usableFromInline let chunkSize: Int
  @usableFromInline var cell = Cell()

  /// Creates a writer that sends chunks of about `chunkSize` bytes to `sink`.
  ///
  /// - Parameters:
  ///   - sink: Where rendered bytes go.
  ///   - terminator: The byte that ends each row.
  ///   - chunkSize: How many bytes to gather before writing them; at least 1.
  public init(sink: Sink, terminator: RowTerminator = .newline, chunkSize: Int = 1 << 17) {
    destination = sink
    self.terminator = terminator
    self.chunkSize = max(1, chunkSize)
    buffer = []
    buffer.reserveCapacity(self.chunkSize + 4096)
  }

  /// Renders every row of `store`, in order.
  ///
  /// - Parameter store: The rows to render.
  /// - Throws: The sink's error; the rows after the failing chunk are not written.
  @inlinable
  public mutating func write(_ store: RowStore) throws {
    let terminatorByte = terminator.byte
    try store.items.withUnsafeBufferPointer { items in
      for index in items.indices {
        cell.removeAll()
        store.configureCell(&cell, items[index])
        buffer.append(contentsOf: cell.text)
        buffer.append(terminatorByte)
        if buffer.count >= chunkSize {
          try flush()
        }
      }
    }
  }

  /// Writes bytes that belong to no row (a trailer after the last row),
  /// with no terminator.
  ///
  /// - Parameter bytes: The bytes, unchanged.
  /// - Throws: The sink's error.
  @inlinable
  public mutating func write(bytes: [UInt8]) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= chunkSize {
      try flush()
    }
  }

  /// Sends everything buffered to the sink.
  ///
  /// - Throws: The sink's error. The buffered bytes are dropped either way,
  ///   so a failed write is never retried with stale data.
  @inlinable
  public mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try destination.write($0) }
  }
}

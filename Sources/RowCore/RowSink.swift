/// A destination for the bytes a ``RowWriter`` renders.
///
/// The writer calls ``write(_:)`` with large chunks, never once per row, so a
/// sink can be a plain system `write`. A sink's error type is the writer's:
/// a sink that cannot fail makes a writer that cannot fail.
///
/// ```swift
/// struct Collector: RowSink {
///   var bytes: [UInt8] = []
///   mutating func write(_ chunk: UnsafeRawBufferPointer) { bytes += chunk }
/// }
/// ```
public protocol RowSink {
  /// What a failed write throws; `Never` for a sink that cannot fail.
  ///
  /// ```swift
  /// let failure = FileDescriptorSink.Failure.self  // FileDescriptorSink.WriteError.self
  /// ```
  associatedtype Failure: Error = any Error

  /// Writes every byte of `bytes`, or throws the reason it could not.
  ///
  /// ```swift
  /// var collector = Collector()
  /// Array("hi".utf8).withUnsafeBytes { collector.write($0) }
  /// let collected = collector.bytes  // [104, 105]
  /// ```
  ///
  /// - Parameter bytes: The bytes to write; valid only during the call.
  /// - Throws: Whatever stopped the write; the writer passes it on.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(Failure)

  /// Writes every byte of `chunk`, which the sink may keep instead of
  /// copying: a sink that hands chunks to another thread takes the array
  /// and leaves `chunk` empty. The writer calls it with its buffer at
  /// each flush, and makes the buffer again if it was taken.
  ///
  /// The default writes the bytes with ``write(_:)`` and leaves `chunk`
  /// empty, with its storage kept for the next chunk.
  ///
  /// - Parameter chunk: The bytes to write; empty after the call.
  /// - Throws: Whatever stopped the write; the writer passes it on.
  mutating func write(taking chunk: inout [UInt8]) throws(Failure)
}

extension RowSink {
  /// Writes `chunk` with ``write(_:)``, then empties it, keeping its
  /// storage.
  ///
  /// ```swift
  /// var sink = Collector()
  /// var chunk = Array("ok".utf8)
  /// sink.write(taking: &chunk)
  /// let written = sink.bytes  // [111, 107]
  /// let emptied = (chunk.isEmpty, chunk.capacity >= 2)  // (true, true)
  /// ```
  @inlinable
  public mutating func write(taking chunk: inout [UInt8]) throws(Failure) {
    defer { chunk.removeAll(keepingCapacity: true) }
    let result = chunk.withUnsafeBytes { bytes in
      Result { () throws(Failure) in try write(bytes) }
    }
    try result.get()
  }
}

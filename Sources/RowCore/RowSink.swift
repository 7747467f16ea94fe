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
}

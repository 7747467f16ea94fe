/// A destination for the bytes a ``RowWriter`` renders.
///
/// The writer calls ``write(_:)`` with large chunks, never once per row, so a
/// sink can be a plain system `write`.
///
/// ```swift
/// struct Collector: RowSink {
///   var bytes: [UInt8] = []
///   mutating func write(_ chunk: UnsafeRawBufferPointer) { bytes += chunk }
/// }
/// ```
public protocol RowSink {
  /// Writes every byte of `bytes`, or throws the reason it could not.
  ///
  /// - Parameter bytes: The bytes to write; valid only during the call.
  /// - Throws: Whatever stopped the write; the writer passes it on.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws
}

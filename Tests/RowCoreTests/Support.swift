import RowCore

/// A sink that keeps every chunk it is given.
struct CollectingSink: RowSink {
  var bytes: [UInt8] = []
  var chunkSizes: [Int] = []

  mutating func write(_ chunk: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: chunk)
    chunkSizes.append(chunk.count)
  }
}

/// A sink that fails on its first write.
struct FailingSink: RowSink {
  struct Failure: Error, Equatable {}
  var attempts = 0

  mutating func write(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
    attempts += 1
    throw Failure()
  }
}

/// Renders a store completely and returns the bytes.
func render(_ store: RowStore, terminator: RowTerminator = .newline, chunkSize: Int = 1 << 17)
  -> [UInt8]
{
  var writer = RowWriter(sink: CollectingSink(), terminator: terminator, chunkSize: chunkSize)
  writer.write(store)
  writer.flush()
  return writer.sink.bytes
}

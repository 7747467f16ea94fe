import RowCore

/// Where a ``RowOutput`` sends its chunks: standard output, or a receiver
/// that keeps them for another thread to write in its turn (the rows of
/// a subtree listed on a second thread).
///
/// One type for both, so that the output, its writer and every row's path
/// through RowCore stay the same whichever thread renders the rows.
struct OutputSink: RowSink {
  typealias Failure = FileDescriptorSink.WriteError

  private enum Destination {
    case descriptor(FileDescriptorSink)
    case receiver(([UInt8]) -> Void)
  }

  private let destination: Destination

  /// Chunks written to the descriptor.
  init(_ sink: FileDescriptorSink) {
    destination = .descriptor(sink)
  }

  /// Chunks handed to `receive` to keep: the writer's own buffer when it
  /// flushes, which it then makes again, so that a chunk is not copied
  /// on its way to the other thread.
  init(receiver receive: @escaping ([UInt8]) -> Void) {
    destination = .receiver(receive)
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    switch destination {
    case .descriptor(var sink):
      try sink.write(bytes)
    case .receiver(let receive):
      receive(Array(bytes))
    }
  }

  /// A chunk under this fraction of its buffer's capacity is short.
  private static let shortChunkFraction = 4

  func write(taking chunk: inout [UInt8]) throws(Failure) {
    switch destination {
    case .descriptor(var sink):
      try sink.write(taking: &chunk)
    case .receiver(let receive):
      // A short chunk (the last rows of a subtree, flushed as the writer
      // turns to the next) is copied, and the writer keeps its buffer:
      // taken, the buffer would be made again at that short size and grow
      // by doubling through the next subtree's rows, copied at each step.
      guard chunk.count >= chunk.capacity / Self.shortChunkFraction else {
        // Copied from its bytes: `Array(chunk)` would share the buffer,
        // which the other thread would then release as the writer empties
        // it, unordered.
        receive(chunk.withUnsafeBufferPointer { Array($0) })
        chunk.removeAll(keepingCapacity: true)
        return
      }
      var taken: [UInt8] = []
      swap(&taken, &chunk)
      receive(taken)
    }
  }
}

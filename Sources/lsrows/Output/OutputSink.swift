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
    case receiver((UnsafeRawBufferPointer) -> Void)
  }

  private let destination: Destination

  /// Chunks written to the descriptor.
  init(_ sink: FileDescriptorSink) {
    destination = .descriptor(sink)
  }

  /// Chunks handed to `receive`, which copies what it keeps: the bytes
  /// are the writer's buffer, valid only during the call.
  init(receiver receive: @escaping (UnsafeRawBufferPointer) -> Void) {
    destination = .receiver(receive)
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    switch destination {
    case .descriptor(var sink):
      try sink.write(bytes)
    case .receiver(let receive):
      receive(bytes)
    }
  }
}

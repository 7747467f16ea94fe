import Glibc

/// Runs a producer on its own thread and hands its batches to the calling
/// thread through a small bounded queue.
///
/// The kernel time of reading a large directory then overlaps with the
/// time spent turning the previous batch into rows; the bound keeps memory
/// flat however much the producer could read ahead.
final class ProducerThread<Batch: Sendable> {
  /// Hands one batch to the consumer; returns `false` once the consumer has
  /// stopped listening, when the producer should return.
  typealias Yield = (Batch) -> Bool

  private let queue: BatchQueue<Batch>
  private var thread = pthread_t()
  private var isJoined = false

  /// Starts `produce` on a new thread.
  ///
  /// - Parameters:
  ///   - capacity: How many batches may wait for the consumer.
  ///   - produce: Calls its argument with each batch, in order.
  ///
  /// Fails when no thread could be started; the caller then does the work
  /// itself.
  init?(capacity: Int, produce: @escaping @Sendable (@escaping Yield) -> Void) {
    let queue = BatchQueue<Batch>(capacity: capacity)
    self.queue = queue
    // The thread holds the queue, never this object: so this object's
    // deinit, which joins the thread, always runs on the consumer's thread.
    let started = ThreadBody.start {
      produce { queue.yield($0) }
      queue.finish()
    }
    guard let started else { return nil }
    thread = started
  }

  deinit {
    join()
  }

  /// Tells the producer to stop, if it has not finished, and waits for its
  /// thread to end: what it did comes before what follows the call.
  func join() {
    guard !isJoined else { return }
    isJoined = true
    queue.stop()
    pthread_join(thread, nil)
  }

  /// Every batch waiting, in order, waiting for one if need be; empty when
  /// the producer is done.
  func next() -> [Batch] {
    queue.next()
  }
}

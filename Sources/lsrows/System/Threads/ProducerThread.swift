/// Something that makes batches one at a time, until it has no more.
///
/// Its type (not its values) may be named on any thread.
protocol BatchProducer: SendableMetatype {
  associatedtype Batch: Sendable

  /// The next batch, or `nil` when there is none.
  mutating func next() -> Batch?
}

/// Runs a producer on a thread of its own and hands its batches to the
/// thread that made it, through a small bounded queue.
///
/// The kernel time of reading a large directory then overlaps with the
/// time spent turning the previous batch into rows; the bound keeps memory
/// flat however far the producer could get ahead. When no thread can
/// start, the producer runs on the consumer's thread as it asks for each
/// batch: slower, and otherwise the same.
final class ProducerThread<Producer: BatchProducer> {
  /// The producer's thread, until ``stop()``; `nil` when it runs here.
  private var thread: Threads.Joinable?
  private let queue: HandOffQueue<Producer.Batch>
  /// The producer, when no thread could start.
  private var inline: Producer?

  /// Starts `producer`, which the producing thread then owns.
  ///
  /// - Parameters:
  ///   - capacity: How many batches may wait for the consumer.
  ///   - producer: What makes the batches.
  init(capacity: Int, _ producer: sending Producer) {
    let queue = HandOffQueue<Producer.Batch>(capacity: capacity)
    self.queue = queue
    // The thread holds the queue, never this object: so this object's
    // deinit, which joins the thread, runs on the consumer's thread.
    switch Threads.start(producer, running: { producer in Self.produce(producer, into: queue) }) {
    case .started(let thread): self.thread = consume thread
    case .notStarted(let producer): inline = producer
    }
  }

  deinit {
    stop()
  }

  /// The producing thread's loop.
  private static func produce(
    _ producer: consuming Producer, into queue: HandOffQueue<Producer.Batch>
  ) {
    var producer = producer
    while let batch = producer.next() {
      guard queue.append(batch) else { break }
    }
    queue.finish()
  }

  /// Every batch made and not yet taken, in order, waiting for one if need
  /// be; empty once the producer has no more.
  func next() -> [Producer.Batch] {
    guard inline != nil else { return queue.next() }
    return inline?.next().map { [$0] } ?? []
  }

  /// Every batch made and not yet taken, without waiting: empty when
  /// none is ready (always, when the producer runs on this thread, which
  /// makes its batches only when ``next()`` asks).
  func ready() -> [Producer.Batch] {
    inline == nil ? queue.waiting() : []
  }

  /// Tells the producer to stop, if it has not finished, and waits for its
  /// thread to end: what it did comes before what follows the call.
  func stop() {
    if inline != nil {
      inline = nil
      queue.finish()
    }
    guard let thread = thread.take() else { return }
    queue.stop()
    thread.join()
  }
}

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
    let body = ThreadBody {
      produce { queue.yield($0) }
      queue.finish()
    }
    let start = Unmanaged.passRetained(body)
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, start.toOpaque())
    if created != 0 {
      start.release()
      return nil
    }
  }

  deinit {
    queue.stop()
    pthread_join(thread, nil)
  }

  /// Every batch waiting, in order, waiting for one if need be; empty when
  /// the producer is done.
  func next() -> [Batch] {
    queue.next()
  }
}

/// The queue between a producer thread and its consumer, shared by both.
private final class BatchQueue<Batch: Sendable>: @unchecked Sendable {
  private let capacity: Int
  // Guarded by `mutex`.
  private var batches: [Batch] = []
  private var producerFinished = false
  private var consumerStopped = false
  private var consumerWaiting = false
  private var producerWaiting = false

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let notFull = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(notEmpty, nil)
    pthread_cond_init(notFull, nil)
  }

  deinit {
    pthread_cond_destroy(notEmpty)
    pthread_cond_destroy(notFull)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    notEmpty.deallocate()
    notFull.deallocate()
  }

  /// Taking every waiting batch at once, and waking the other side only
  /// when it waits, keeps the two threads from trading the processor for
  /// every batch.
  func next() -> [Batch] {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while batches.isEmpty && !producerFinished {
      consumerWaiting = true
      pthread_cond_wait(notEmpty, mutex)
      consumerWaiting = false
    }
    var taken: [Batch] = []
    swap(&taken, &batches)
    if producerWaiting { pthread_cond_signal(notFull) }
    return taken
  }

  /// Tells the producer that no more batches are wanted.
  func stop() {
    pthread_mutex_lock(mutex)
    consumerStopped = true
    batches.removeAll()
    pthread_cond_signal(notFull)
    pthread_mutex_unlock(mutex)
  }

  func yield(_ batch: Batch) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while batches.count >= capacity && !consumerStopped {
      producerWaiting = true
      pthread_cond_wait(notFull, mutex)
      producerWaiting = false
    }
    guard !consumerStopped else { return false }
    batches.append(batch)
    if consumerWaiting { pthread_cond_signal(notEmpty) }
    return true
  }

  func finish() {
    pthread_mutex_lock(mutex)
    producerFinished = true
    pthread_cond_signal(notEmpty)
    pthread_mutex_unlock(mutex)
  }
}

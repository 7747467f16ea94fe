import Glibc

/// Runs a producer on its own thread and hands its batches to the calling
/// thread through a small bounded queue.
///
/// The kernel time of reading a large directory then overlaps with the
/// time spent turning the previous batch into rows; the bound keeps memory
/// flat however much the producer could read ahead.
final class ProducerThread<Batch: Sendable>: @unchecked Sendable {
  /// Hands one batch to the consumer; returns `false` once the consumer has
  /// stopped listening, when the producer should return.
  typealias Yield = (Batch) -> Bool

  private let capacity: Int
  // Guarded by `mutex`.
  private var queue: [Batch] = []
  private var producerFinished = false
  private var consumerStopped = false
  private var consumerWaiting = false
  private var producerWaiting = false

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let notFull = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
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
    self.capacity = max(1, capacity)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(notEmpty, nil)
    pthread_cond_init(notFull, nil)
    // Unowned and unchecked: deinit joins the thread before this object's
    // memory goes away, so the thread never sees it freed.
    let body = ThreadBody { [unowned(unsafe) self] in
      produce { self.yield($0) }
      self.finish()
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
    stop()
    pthread_join(thread, nil)
    pthread_cond_destroy(notEmpty)
    pthread_cond_destroy(notFull)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    notEmpty.deallocate()
    notFull.deallocate()
  }

  /// Every batch waiting, in order, waiting for one if need be; empty when
  /// the producer is done.
  ///
  /// Taking them all at once, and waking the other side only when it waits,
  /// keeps the two threads from trading the processor for every batch.
  func next() -> [Batch] {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.isEmpty && !producerFinished {
      consumerWaiting = true
      pthread_cond_wait(notEmpty, mutex)
      consumerWaiting = false
    }
    var batches: [Batch] = []
    swap(&batches, &queue)
    if producerWaiting { pthread_cond_signal(notFull) }
    return batches
  }

  /// Tells the producer that no more batches are wanted.
  func stop() {
    pthread_mutex_lock(mutex)
    consumerStopped = true
    queue.removeAll()
    pthread_cond_signal(notFull)
    pthread_mutex_unlock(mutex)
  }

  private func yield(_ batch: Batch) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.count >= capacity && !consumerStopped {
      producerWaiting = true
      pthread_cond_wait(notFull, mutex)
      producerWaiting = false
    }
    guard !consumerStopped else { return false }
    queue.append(batch)
    if consumerWaiting { pthread_cond_signal(notEmpty) }
    return true
  }

  private func finish() {
    pthread_mutex_lock(mutex)
    producerFinished = true
    pthread_cond_signal(notEmpty)
    pthread_mutex_unlock(mutex)
  }
}

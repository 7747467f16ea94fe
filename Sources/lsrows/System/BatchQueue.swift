import Glibc

/// The queue between a producer thread and its consumer, shared by both.
final class BatchQueue<Batch: Sendable>: @unchecked Sendable {
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

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

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
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
    pthread_cond_init(changed, nil)
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
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    changed.deallocate()
  }

  /// The next batch, waiting for it if need be; `nil` when the producer is done.
  func next() -> Batch? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.isEmpty && !producerFinished {
      pthread_cond_wait(changed, mutex)
    }
    guard !queue.isEmpty else { return nil }
    let batch = queue.removeFirst()
    pthread_cond_broadcast(changed)
    return batch
  }

  /// Tells the producer that no more batches are wanted.
  func stop() {
    pthread_mutex_lock(mutex)
    consumerStopped = true
    queue.removeAll()
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  private func yield(_ batch: Batch) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.count >= capacity && !consumerStopped {
      pthread_cond_wait(changed, mutex)
    }
    guard !consumerStopped else { return false }
    queue.append(batch)
    pthread_cond_broadcast(changed)
    return true
  }

  private func finish() {
    pthread_mutex_lock(mutex)
    producerFinished = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}

/// The bounded queue between a producer thread and its consumer.
///
/// The consumer takes every waiting item at once, and each side wakes the
/// other only when it waits, so the two threads do not trade the processor
/// for every item.
final class HandOffQueue<Item: Sendable>: Sendable {
  private struct State {
    var items: [Item] = []
    var producerFinished = false
    var consumerStopped = false
  }

  private let capacity: Int
  private let monitor = Monitor(State(), conditions: 2)
  private static var notEmpty: Monitor<State>.Condition { .init(0) }
  private static var notFull: Monitor<State>.Condition { .init(1) }

  /// A queue that holds up to `capacity` items (at least one).
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Every waiting item, in order, waiting for one if need be; empty once
  /// the producer has finished and everything was taken.
  func next() -> [Item] {
    monitor.withLock(
      waitingOn: Self.notEmpty, until: { !$0.items.isEmpty || $0.producerFinished },
      { state in
        var taken: [Item] = []
        swap(&taken, &state.items)
        monitor.signal(Self.notFull)
        return taken
      })
  }

  /// Every item waiting now, in order, without waiting for one: empty
  /// when none is, whether or not the producer has finished.
  func waiting() -> [Item] {
    monitor.withLock { state in
      guard !state.items.isEmpty else { return [] }
      var taken: [Item] = []
      swap(&taken, &state.items)
      monitor.signal(Self.notFull)
      return taken
    }
  }

  /// Adds an item, waiting for room if need be.
  ///
  /// - Returns: `false` once the consumer has stopped: the producer should
  ///   stop too.
  func append(_ item: Item) -> Bool {
    monitor.withLock(
      waitingOn: Self.notFull, until: { $0.items.count < capacity || $0.consumerStopped },
      { state in
        guard !state.consumerStopped else { return false }
        state.items.append(item)
        monitor.signal(Self.notEmpty)
        return true
      })
  }

  /// The producer is done: the consumer gets what is left, then nothing.
  func finish() {
    monitor.withLock { state in
      state.producerFinished = true
      monitor.signal(Self.notEmpty)
    }
  }

  /// How many items wait to be taken.
  var waitingCount: Int {
    monitor.withLock { $0.items.count }
  }

  /// Whether the consumer has stopped: the producer's work is wasted.
  var isStopped: Bool {
    monitor.withLock { $0.consumerStopped }
  }

  /// Whether nothing more will come out: the producer finished and all was
  /// taken, or the consumer stopped.
  var isDone: Bool {
    monitor.withLock { ($0.producerFinished && $0.items.isEmpty) || $0.consumerStopped }
  }

  /// The consumer wants no more; what waits is dropped.
  func stop() {
    monitor.withLock { state in
      state.consumerStopped = true
      state.items.removeAll()
      monitor.signal(Self.notFull)
    }
  }
}

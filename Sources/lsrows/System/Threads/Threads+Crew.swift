extension Threads {
  /// Threads that join the calling thread's work one at a time, while it
  /// runs, each returning a result; all are joined at once.
  ///
  /// For work shared through a common source (``BlockClaims``) that more
  /// threads may join as they become free: on a slow file system, a large
  /// directory begun by one thread is statted by more as others finish.
  /// ``Threads/runConcurrently(parts:_:)`` starts them all at once.
  ///
  /// The caller promises what ``Threads/runConcurrently(parts:_:)``'s does:
  /// the threads share nothing that one writes and another reads or
  /// writes, and whatever the work reaches outlives ``finish()``.
  final class Crew<Result> {
    /// The most threads it starts.
    let capacity: Int
    /// How many it started.
    private(set) var count = 0
    private let threads: UnsafeMutablePointer<Joinable>
    private let results: UnsafeMutablePointer<Result>
    private var isFinished = false

    init(capacity: Int) {
      self.capacity = capacity
      threads = .allocate(capacity: max(capacity, 1))
      results = .allocate(capacity: max(capacity, 1))
    }

    deinit {
      precondition(isFinished || count == 0, "a crew was dropped with its threads running")
      threads.deallocate()
      results.deallocate()
    }

    /// Starts `body` on a thread of its own.
    ///
    /// - Returns: `false` when the crew is full or no thread could start:
    ///   the work is then the caller's.
    func start(_ body: @escaping () -> Result) -> Bool {
      guard count < capacity, !isFinished else { return false }
      let slot = results + count
      guard let thread = spawn({ slot.initialize(to: body()) }) else { return false }
      (threads + count).initialize(to: thread)
      count += 1
      return true
    }

    /// Waits for every thread: what they did comes before what follows.
    ///
    /// - Returns: Their results, in the order they started.
    func finish() -> [Result] {
      isFinished = true
      for index in 0..<count { (threads + index).move().join() }
      return (0..<count).map { (results + $0).move() }
    }
  }
}

extension Threads {
  /// Threads that join the calling thread's work one at a time, while it
  /// runs, each returning a result; all are awaited at once.
  ///
  /// For work shared through a common source (``BlockClaims``) that more
  /// threads may join as they become free: on a slow file system, a large
  /// directory begun by one thread is statted by more as others finish.
  /// ``Threads/runConcurrently(parts:_:)`` starts them all at once.
  ///
  /// Its threads are ``ParkedThreads``: started once, and waiting between
  /// crews, as a walk makes a crew for each directory it reads in parts.
  ///
  /// The caller promises what ``Threads/runConcurrently(parts:_:)``'s does:
  /// the threads share nothing that one writes and another reads or
  /// writes, and whatever the work reaches outlives ``finish()``.
  final class Crew<Result> {
    /// The most threads it runs on.
    let capacity: Int
    /// How many it runs on.
    private(set) var count = 0
    private let results: UnsafeMutablePointer<Result>
    private let threads: ParkedThreads
    /// How many threads finished their work and wait again.
    private let finished = Monitor(0, conditions: 1)
    private static var allFinished: Monitor<Int>.Condition { .init(0) }
    private var isFinished = false

    /// - Parameters:
    ///   - capacity: The most threads the crew runs on.
    ///   - threads: Where its threads come from and go back to.
    init(capacity: Int, threads: ParkedThreads = .shared) {
      self.capacity = capacity
      self.threads = threads
      results = .allocate(capacity: max(capacity, 1))
    }

    deinit {
      precondition(isFinished || count == 0, "a crew was dropped with its threads running")
      results.deallocate()
    }

    /// Runs `body` on a thread of its own.
    ///
    /// - Returns: `false` when the crew is full or no thread could start:
    ///   the work is then the caller's.
    func start(_ body: @escaping () -> Result) -> Bool {
      guard count < capacity, !isFinished else { return false }
      let slot = results + count
      let finished = finished
      let started = threads.run(
        { slot.initialize(to: body()) },
        whenParked: {
          finished.withLock { count in
            count += 1
            finished.signal(Self.allFinished)
          }
        })
      guard started else { return false }
      count += 1
      return true
    }

    /// Waits for every thread's work: what they did comes before what
    /// follows, ordered by the lock each took when it finished.
    ///
    /// - Returns: Their results, in the order they started.
    func finish() -> [Result] {
      isFinished = true
      let count = count
      finished.withLock(waitingOn: Self.allFinished, until: { $0 == count }, { _ in })
      return (0..<count).map { (results + $0).move() }
    }
  }
}

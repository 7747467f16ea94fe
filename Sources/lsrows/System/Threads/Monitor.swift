import CLinux
import Glibc

/// State that threads share, the mutex that guards it, and conditions to
/// wait on until it changes: what every queue, pool and schedule of lsrows
/// that waits is built on.
///
/// The state is reached only through ``withLock(_:)`` and
/// ``withLock(waitingOn:until:_:)``, with the mutex held. It is a pthread
/// mutex, not the standard library's `Mutex`, whose futex ThreadSanitizer
/// cannot see: under `make test-sanitize` every hand-off through it read
/// as a race. A condition is
/// signalled only when a thread waits on it, so a side that keeps up never
/// calls into the kernel for the other. Every pthread call is checked: a
/// mutex or condition that fails is a bug, and stops lsrows.
///
/// ```swift
/// let counter = Monitor(0, conditions: 1)
/// let changed = Monitor<Int>.Condition(0)
/// counter.withLock { count in
///   count += 1
///   counter.signal(changed)
/// }
/// let seen = counter.withLock(waitingOn: changed, until: { $0 > 0 }, { $0 })  // 1
/// ```
final class Monitor<State>: @unchecked Sendable {
  // Unchecked: `state` and `waiters` are read and written only with `mutex`
  // held, which orders every access on one thread before the next on
  // another. `State` need not be `Sendable`: a value one thread puts in and
  // another takes out is handed over under the mutex, and the code that
  // takes it is its only user from then on.

  /// One of the monitor's conditions, by its number.
  struct Condition: Sendable {
    fileprivate let index: Int

    init(_ index: Int) {
      self.index = index
    }
  }

  private var state: State
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let conditions: UnsafeMutablePointer<pthread_cond_t>
  /// How many threads wait on each condition.
  private var waiters: [Int]

  /// A monitor of `state` with `conditions` conditions to wait on.
  ///
  /// - Parameters:
  ///   - state: What the mutex guards.
  ///   - conditions: How many conditions there are to wait on.
  ///   - spinsBeforeSleeping: For a lock held a few steps at a time by two
  ///     busy threads: a waiter spins briefly (glibc's adaptive mutex),
  ///     which beats sleeping in the kernel.
  init(_ state: State, conditions: Int = 0, spinsBeforeSleeping: Bool = false) {
    self.state = state
    self.conditions = .allocate(capacity: max(conditions, 1))
    waiters = Array(repeating: 0, count: conditions)
    var attributes = pthread_mutexattr_t()
    checkThreadCall(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
    if spinsBeforeSleeping {
      checkThreadCall(
        pthread_mutexattr_settype(&attributes, clinux_mutex_adaptive), "pthread_mutexattr_settype")
    }
    checkThreadCall(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
    checkThreadCall(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
    for index in 0..<conditions {
      checkThreadCall(pthread_cond_init(self.conditions + index, nil), "pthread_cond_init")
    }
  }

  deinit {
    for index in waiters.indices {
      checkThreadCall(pthread_cond_destroy(conditions + index), "pthread_cond_destroy")
    }
    checkThreadCall(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
    conditions.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` on the state with the mutex held.
  func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body(&state)
  }

  /// Waits on `condition` until `isReady` holds for the state, then runs
  /// `body` on it, all with the mutex held (released while waiting).
  func withLock<Result>(
    waitingOn condition: Condition, until isReady: (inout State) -> Bool,
    _ body: (inout State) -> Result
  ) -> Result {
    lock()
    defer { unlock() }
    while !isReady(&state) {
      waiters[condition.index] += 1
      checkThreadCall(pthread_cond_wait(conditions + condition.index, mutex), "pthread_cond_wait")
      waiters[condition.index] -= 1
    }
    return body(&state)
  }

  /// Wakes one thread waiting on `condition`, if any waits.
  ///
  /// Call it with the mutex held: from inside ``withLock(_:)``.
  func signal(_ condition: Condition) {
    if waiters[condition.index] > 0 {
      checkThreadCall(pthread_cond_signal(conditions + condition.index), "pthread_cond_signal")
    }
  }

  /// Wakes as many as `count` threads waiting on `condition`: one for each
  /// new thing to do, where waking all would send the rest back to sleep.
  ///
  /// Call it with the mutex held: from inside ``withLock(_:)``.
  func signal(_ condition: Condition, upTo count: Int) {
    for _ in 0..<min(count, waiters[condition.index]) {
      checkThreadCall(pthread_cond_signal(conditions + condition.index), "pthread_cond_signal")
    }
  }

  /// Wakes every thread waiting on `condition`.
  ///
  /// Call it with the mutex held: from inside ``withLock(_:)``.
  func broadcast(_ condition: Condition) {
    if waiters[condition.index] > 0 {
      checkThreadCall(
        pthread_cond_broadcast(conditions + condition.index), "pthread_cond_broadcast")
    }
  }

  private func lock() {
    checkThreadCall(pthread_mutex_lock(mutex), "pthread_mutex_lock")
  }

  private func unlock() {
    checkThreadCall(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
  }
}

/// Stops lsrows when a pthread call failed: with a mutex or a condition
/// variable, that is a bug, and nothing after it could be trusted.
func checkThreadCall(_ result: CInt, _ call: StaticString) {
  precondition(result == 0, "\(call) failed: \(String(cString: strerror(result)))")
}

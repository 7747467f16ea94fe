/// Threads that wait for the next piece of work once theirs is done, so
/// that work handed out over and over (a ``Threads/Crew`` for each large
/// directory) starts a thread only when none is waiting.
///
/// On a slow file system a walk reads the statuses of hundreds of
/// directories in parts, each part on a thread of its own. Started and
/// joined for each part, a thread costs tens of microseconds of the
/// processor: `clone3`, its stack's guard page, and the stack's pages given
/// back when it ends, to be faulted in again by the next.
///
/// There are never more threads than pieces of work ran at once, those
/// waiting included: a piece goes to a waiting thread, else to a new one.
/// Waiting threads are never ended (the process ends them); each holds its
/// stack.
final class ParkedThreads: Sendable {
  /// The threads every crew of lsrows shares.
  static let shared = ParkedThreads()

  /// A piece of work, and what is called once its thread waits again:
  /// each taken out when it is called, so that a waiting thread holds
  /// nothing its last job reached.
  private final class Job {
    var work: (() -> Void)?
    var whenParked: (() -> Void)?

    init(work: @escaping () -> Void, whenParked: @escaping () -> Void) {
      self.work = work
      self.whenParked = whenParked
    }
  }

  private struct State {
    /// Handed out, not yet taken by a thread.
    var jobs: [Job] = []
    /// Threads waiting for a job, or about to: each takes one of `jobs`.
    var waiting = 0
    /// Every thread started.
    var started = 0
  }

  private let state = Monitor(State(), conditions: 1)
  private static let jobArrived = Monitor<State>.Condition(0)

  /// How many threads were started, all of them still running or waiting.
  var startedThreads: Int {
    state.withLock { $0.started }
  }

  /// How many threads wait for work.
  var waitingThreads: Int {
    state.withLock { $0.waiting - $0.jobs.count }
  }

  /// Runs `work` on a waiting thread, or on a new one, at once with the
  /// caller; then, once that thread waits again, calls `whenParked` on it.
  ///
  /// `work` need not be `Sendable`: the caller promises what
  /// ``Threads/runConcurrently(parts:_:)``'s caller does.
  ///
  /// - Returns: `false` when no thread waited and none could start: the
  ///   work is then the caller's, and neither closure is called.
  func run(_ work: @escaping () -> Void, whenParked: @escaping () -> Void) -> Bool {
    let job = Job(work: work, whenParked: whenParked)
    let handedOut = state.withLock { state -> Bool in
      guard state.waiting > state.jobs.count else { return false }
      state.jobs.append(job)
      self.state.signal(Self.jobArrived)
      return true
    }
    if handedOut { return true }
    guard let thread = Threads.spawn({ self.serve(job) }) else { return false }
    thread.detach()
    state.withLock { $0.started += 1 }
    return true
  }

  /// Runs `first`, then every job handed to this thread after it.
  private func serve(_ first: Job) {
    runAndPark(first)
    while true {
      runAndPark(
        state.withLock(
          waitingOn: Self.jobArrived, until: { !$0.jobs.isEmpty },
          { state in
            state.waiting -= 1
            return state.jobs.removeFirst()
          }))
    }
  }

  /// Runs `job`'s work and lets go of it, then counts this thread waiting
  /// before the caller hears the work is done, so that its next piece of
  /// work finds this thread.
  private func runAndPark(_ job: Job) {
    job.work.take()?()
    state.withLock { $0.waiting += 1 }
    job.whenParked.take()?()
  }
}

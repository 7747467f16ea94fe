import Synchronization

/// A subdirectory whose whole subtree one thread lists while another
/// lists what comes before it, and the output it gives, in order.
///
/// Either thread may list it: the ``SubtreeWorker`` a subtree the walk
/// claimed for it, or the writing thread a part of the worker's subtree
/// that it asked for while it had nothing to write (``SubtreeScheduler``).
/// Its rows are rendered through RowCore's builder and store on the thread
/// that lists it, into chunks of bytes; its failures, loops, running out
/// of memory and subtrees listed elsewhere come as events between the
/// chunks, in output order. The writing thread takes them from ``output``
/// when the walk reaches the subdirectory.
final class SubtreeJob: Sendable {
  /// What the job's output holds, in order.
  enum Part: Sendable {
    case bytes([UInt8])
    case event(WalkEvent)
  }

  private enum State {
    /// Claimed, not yet begun: the walk that claimed it may still list it.
    case waiting
    case begun
    /// Taken back by the walk that claimed it, which lists it itself.
    case revoked
  }

  let start: SubtreeStart
  /// The writing thread's side of the splitting, which it alone touches;
  /// it outlives every job, as the operand's walk holds it to the end.
  unowned let scheduler: SubtreeScheduler
  /// The chunks and events: a worker that gets far ahead waits.
  let output: HandOffQueue<Part>
  private let state = Monitor(State.waiting)
  /// Set by the writing thread while it waits on this job with nothing
  /// to do: the walk listing it hands over a part of what it has left.
  private let handOverWanted = Atomic(false)

  /// At most this many parts of a worker's job wait, since its rows wait
  /// until the walk reaches it: 6 MiB of rows or so (a part is a chunk of
  /// about 128 KiB, or an event).
  static let queuedParts = 48

  /// - Parameters:
  ///   - start: Where the subtree is.
  ///   - scheduler: The writing thread's.
  ///   - isBounded: Whether its lister waits once ``queuedParts`` wait: not
  ///     for the writing thread's own, which it bounds itself.
  init(_ start: SubtreeStart, scheduler: SubtreeScheduler, isBounded: Bool) {
    self.start = start
    self.scheduler = scheduler
    output = HandOffQueue(capacity: isBounded ? Self.queuedParts : .max)
  }

  /// The lister's: begins the job, unless the walk took it back.
  func begin() -> Bool {
    state.withLock { state in
      guard case .waiting = state else { return false }
      state = .begun
      return true
    }
  }

  /// The claiming walk's, as it reaches the job: takes it back when its
  /// lister has not begun it, which beats waiting for it.
  func revoke() -> Bool {
    state.withLock { state in
      guard case .waiting = state else { return false }
      state = .revoked
      return true
    }
  }

  /// The writing thread asks the job's walk for a part of its subtree.
  func askForHandOver() {
    handOverWanted.store(true, ordering: .relaxed)
  }

  /// The job's walk, at each step: whether it was asked for a part,
  /// which it answers with a ``WalkEvent/handOver(_:)`` event.
  func takeHandOverRequest() -> Bool {
    handOverWanted.load(ordering: .relaxed)
      && handOverWanted.exchange(false, ordering: .relaxed)
  }
}

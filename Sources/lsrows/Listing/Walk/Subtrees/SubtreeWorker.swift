import Synchronization

/// The second thread of a walk that lists subtrees on two threads: it
/// lists each ``SubtreeJob`` it is handed, whole and in order, with a walk
/// of its own, and renders the rows through an output of its own into the
/// job's chunks.
///
/// Nothing it reads crosses to the writing thread but those chunks and
/// the events between them: each directory's entries are read, sorted and
/// rendered on one processor.
final class SubtreeWorker {
  /// What the thread and the walk share.
  private final class Shared: Sendable {
    /// Jobs are claimed one at a time; the bound is never reached.
    let jobs = HandOffQueue<SubtreeJob>(capacity: 1 << 16)
    /// Set by the thread when it has no job left, cleared by the walk
    /// when it hands one: the walk reads it at every step, so it is not
    /// behind a lock.
    let isIdle = Atomic(true)
  }

  private let shared = Shared()
  private var jobs: HandOffQueue<SubtreeJob> { shared.jobs }
  private var thread: Threads.Joinable?

  /// Starts the thread; `nil` when none could start.
  init?(_ context: SubtreeContext) {
    let shared = shared
    switch Threads.start(context, running: { context in Self.work(context, shared: shared) }) {
    case .started(let thread): self.thread = consume thread
    case .notStarted: return nil
    }
  }

  deinit {
    stop()
  }

  /// Whether the worker has listed every job it was handed.
  var isIdle: Bool {
    shared.isIdle.load(ordering: .relaxed)
  }

  /// Hands the worker a job, after those it was handed before.
  func offer(_ job: SubtreeJob) {
    shared.isIdle.store(false, ordering: .relaxed)
    _ = jobs.append(job)
  }

  /// No more jobs come: the worker ends after those it was handed.
  func finishJobs() {
    jobs.finish()
  }

  /// Waits for the thread to end, after the jobs it was handed (a begun
  /// one ends soon once its output is stopped).
  func stop() {
    guard let thread = thread.take() else { return }
    jobs.finish()
    thread.join()
  }

  /// The thread's loop: every job not taken back, in the order handed.
  private static func work(_ context: SubtreeContext, shared: Shared) {
    EntryListPool.makeOwnForThisThread()
    let renderer = context.makeRenderer()
    while true {
      var handed = shared.jobs.waiting()
      if handed.isEmpty {
        shared.isIdle.store(true, ordering: .relaxed)
        handed = shared.jobs.next()
        if handed.isEmpty { return }
      }
      for job in handed where job.begin() {
        let walker = context.walker(for: job, answeringHandOvers: true)
        while walker.writeNextGroup({ renderer.append($0, to: job) }) {}
        renderer.finish(job)
        job.output.finish()
      }
    }
  }
}

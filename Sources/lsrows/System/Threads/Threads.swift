import Glibc

/// Starting and joining threads: every thread lsrows runs is started here,
/// with cancellation off (``ThreadCancellation``).
///
/// When the system has no thread to give (`RLIMIT_NPROC`, no memory for a
/// stack), no work is lost: ``start(_:running:)`` hands the work back, and
/// ``runConcurrently(parts:_:)`` and ``ProducerThread`` run it on the calling
/// thread themselves, so their callers have no second path.
enum Threads {
  /// A started thread, to be joined once.
  struct Joinable: ~Copyable {
    fileprivate let handle: pthread_t

    /// Waits for the thread to end: what it did comes before what follows.
    consuming func join() {
      checkThreadCall(pthread_join(handle, nil), "pthread_join")
    }

    /// Lets the thread run on unjoined: its resources go when it ends.
    consuming func detach() {
      checkThreadCall(pthread_detach(handle), "pthread_detach")
    }
  }

  /// What ``start(_:running:)`` did with the work.
  enum Start<Work>: ~Copyable {
    case started(Joinable)
    /// No thread could start: the work, untouched, for the caller.
    case notStarted(Work)
  }

  /// Runs `body` on `work` on a new thread, which becomes the work's only
  /// owner.
  ///
  /// - Returns: The thread, or, when none could start, the work back.
  static func start<Work>(
    _ work: sending Work, running body: @escaping @Sendable (consuming Work) -> Void
  ) -> sending Start<Work> {
    let context = Context(work, body)
    guard let thread = spawn({ context.run() }) else {
      return .notStarted(context.takeWork())
    }
    return .started(thread)
  }

  /// Runs `body` for each of `0..<parts` at once, part 0 on this thread and
  /// each other on a thread of a ``Crew`` (one that waits, else a new one),
  /// and returns the results in order when all are done; a part whose
  /// thread could not start runs here.
  ///
  /// `body` need not be `Sendable`: the caller promises that the parts
  /// share nothing that one writes and another reads or writes (parts of
  /// a buffer, each written by one). The crew's finish orders all before
  /// the return.
  static func runConcurrently<Result>(
    parts: Int, threads: ParkedThreads = .shared, _ body: (Int) -> Result
  ) -> [Result] {
    guard parts > 1 else { return parts == 1 ? [body(0)] : [] }
    return withoutActuallyEscaping(body) { body in
      let crew = Crew<Result>(capacity: parts - 1, threads: threads)
      var results = [Result?](repeating: nil, count: parts)
      let started = (1..<parts).filter { part in crew.start { body(part) } }
      results[0] = body(0)
      for (part, result) in zip(started, crew.finish()) { results[part] = result }
      for part in 1..<parts where results[part] == nil { results[part] = body(part) }
      return results.map { $0! }
    }
  }

  /// Starts a thread that runs `entry`; `nil` when none could start.
  ///
  /// The closure crosses to the new thread through `pthread_create`'s
  /// untyped argument, unchecked: ``start(_:running:)`` makes the work the
  /// thread's alone, and ``runConcurrently(parts:_:)`` and ``Crew`` state
  /// what their callers promise.
  static func spawn(_ entry: @escaping () -> Void) -> Joinable? {
    let box = Unmanaged.passRetained(EntryPoint(entry))
    var handle = pthread_t()
    let created = pthread_create(
      &handle, nil,
      { box in
        ThreadCancellation.disable()
        Unmanaged<EntryPoint>.fromOpaque(box!).takeRetainedValue().run()
        return nil
      }, box.toOpaque())
    guard created == 0 else {
      box.release()
      return nil
    }
    return Joinable(handle: handle)
  }

  /// A thread's entry closure, boxed to pass through `pthread_create`.
  private final class EntryPoint {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
      self.run = run
    }
  }

  /// Work and what a thread does with it, until the thread takes it.
  private final class Context<Work> {
    private var work: Work?
    private let body: (consuming Work) -> Void

    init(_ work: consuming Work, _ body: @escaping (consuming Work) -> Void) {
      self.work = work
      self.body = body
    }

    func run() {
      body(takeWork())
    }

    func takeWork() -> Work {
      work.take()!
    }
  }
}

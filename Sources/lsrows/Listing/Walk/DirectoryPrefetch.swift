/// Reads the directories of a recursive walk ahead of it, on helper
/// threads, so that several threads wait on the kernel instead of one: the
/// mechanism (the helpers, the lock, recycled outcomes) around a
/// ``PrefetchSchedule``, which decides what is read when.
///
/// One helper reads while the file system is fast; when its reads are
/// slow (``HelperDemand``), the walk starts more, up to
/// ``HelperDemand/helperLimit``, so that many requests are in flight.
/// Without a helper (no thread could start) the schedule still works: the
/// walk reads every directory itself, as it does any nobody has begun.
final class DirectoryPrefetch {
  typealias Request = PrefetchSchedule<Outcome>.Request

  /// What the walk and the helpers share: the walk's configuration and
  /// where the operand is.
  ///
  /// A class: each read is handed it, and a copy of the configuration
  /// retained each of its many references.
  final class Walk: Sendable {
    let configuration: WalkConfiguration
    let paths: WalkPaths
    /// The operand's device, for `--one-file-system`.
    let rootDevice: UInt64

    init(configuration: WalkConfiguration, paths: WalkPaths, rootDevice: UInt64) {
      self.configuration = configuration
      self.paths = paths
      self.rootDevice = rootDevice
    }
  }

  /// What the helpers' reads take while the file system is slow, shared
  /// by all of them.
  struct SlowReads: Sendable {
    /// Threads to read the statuses of a directory's entries in parts.
    let spareThreads: Allowance
    /// Descriptors to keep directories open for their subdirectories
    /// (``OpenParent``).
    let openParents: Allowance
  }

  /// What the lock guards.
  struct Shared {
    var schedule: PrefetchSchedule<Outcome>
    var isStopped = false
    /// Outcomes the walk is done with, for the helper to fill again: made
    /// on one thread and freed on the other, each went through malloc's
    /// shared arena rather than a thread's cache.
    var spareOutcomes: [Outcome] = []
    /// How many helpers the reads call for, and how many run.
    var demand: HelperDemand
  }

  /// Enough for the helper to reuse every outcome while the walk keeps up.
  private static let spareOutcomeLimit = 64

  /// The prefetch's part that the helper holds too.
  private final class Core: Sendable {
    let walk: Walk
    let slowReads: SlowReads
    /// Both threads hold the lock for a few steps: spinning a little
    /// beats sleeping in the kernel.
    let monitor: Monitor<Shared>

    init(_ walk: Walk, operandIsSlow: Bool) {
      self.walk = walk
      slowReads = SlowReads(
        spareThreads: Allowance(HelperDemand.spareThreadLimit),
        openParents: Allowance(walk.configuration.openParentBudget))
      monitor = Monitor(
        Shared(
          schedule: PrefetchSchedule(
            directoryLimit: 4096, entryLimit: walk.configuration.readAheadEntryLimit,
            readAheadBudget: walk.configuration.rowLimit ?? .max),
          demand: HelperDemand(
            operandIsSlow: operandIsSlow, slowRead: walk.configuration.slowRead)),
        conditions: 2, spinsBeforeSleeping: true)
    }
  }

  /// The helper waits on this for work or room; the walk for a result.
  private static var helperWakes: Monitor<Shared>.Condition { .init(0) }
  private static var walkWakes: Monitor<Shared>.Condition { .init(1) }

  private let core: Core
  /// The first helper, until ``stop()``; `nil` when none could start.
  private var helper: Threads.Joinable?
  /// The helpers started when reads were slow.
  private var moreHelpers: [Helper] = []
  /// Whether reads were slow when the walk last took a directory; only
  /// the walk reads and writes it.
  private var readsAreSlow = false

  /// What the walk's own reads take: the helpers' aids while reads are
  /// slow, so that a large directory the walk reads itself is not read
  /// one status at a time.
  var walkSlowReads: SlowReads? {
    readsAreSlow ? slowReads : nil
  }

  /// A helper thread started after the first, in an array.
  private final class Helper {
    var thread: Threads.Joinable?

    init(_ thread: consuming Threads.Joinable) {
      self.thread = consume thread
    }
  }

  var walk: Walk { core.walk }
  var slowReads: SlowReads { core.slowReads }

  /// Starts the first helper.
  ///
  /// - Parameters:
  ///   - walk: What the helpers share with the walk.
  ///   - operandIsSlow: Whether opening the operand was slow
  ///     (``HelperDemand/init(operandIsSlow:)``).
  init(_ walk: Walk, operandIsSlow: Bool = false) {
    core = Core(walk, operandIsSlow: operandIsSlow)
    readsAreSlow = operandIsSlow
    let core = core
    helper = Self.startHelper(core)
  }

  private static func startHelper(_ core: Core) -> Threads.Joinable? {
    switch Threads.start((), running: { _ in Self.help(core) }) {
    case .started(let thread): return consume thread
    case .notStarted: return nil
    }
  }

  deinit {
    stop()
  }

  /// Ends the helpers; what they read and nobody took is dropped.
  func stop() {
    core.monitor.withLock { shared in
      shared.isStopped = true
      core.monitor.broadcast(Self.helperWakes)
    }
    if let helper = helper.take() { helper.join() }
    for more in moreHelpers {
      if let thread = more.thread.take() { thread.join() }
    }
    moreHelpers.removeAll()
  }

  /// Queues the subdirectories of `list`, which the walk read itself at
  /// `location`, whose `--gitignore` rules are `scope`, and numbers them.
  ///
  /// The first is not queued: the walk wants it next and reads it itself,
  /// while the helper starts on the second.
  ///
  /// - Returns: The numbers, in the order the walk descends.
  func queueSubdirectories(
    of list: EntryList, at location: RowLocation, ruledBy scope: GitIgnoreScope?,
    using reader: inout Reader
  ) -> Range<Int> {
    let prefix = location.pathPrefix
    let depth = location.depth
    appendSubdirectoryPaths(of: list, at: prefix, depth: depth, to: &reader.subdirectoryPaths)
    guard !reader.subdirectoryPaths.isEmpty else { return 0..<0 }
    return core.monitor.withLock { shared in
      let numbers = shared.schedule.enqueue(
        &reader.subdirectoryPaths, depth: depth + 1, parentScope: scope,
        leavingFirst: true)
      // The first is the walk's own.
      core.monitor.signal(Self.helperWakes, upTo: numbers.count - 1)
      return numbers
    }
  }

  /// What was read of directory `id`, the one the walk wants next.
  ///
  /// - Parameters:
  ///   - id: The directory's number.
  ///   - reader: The walk's, to read other directories with while the one
  ///     it wants is being read.
  /// - Returns: `nil` when nobody read it: the walk then reads it itself.
  func take(_ id: Int, using reader: inout Reader) -> Outcome? {
    let monitor = core.monitor
    var finished = reader.finished.take()
    // The walk's own reads fill its spare; kept here, an outcome is filled
    // again on the thread that last wrote it. The others go to the helpers.
    if reader.spare == nil { reader.spare = finished.take() }
    var latency = reader.unrecordedLatency.take()
    while true {
      let (answer, starting, isSlow) = monitor.withLock(
        waitingOn: Self.walkWakes, until: { $0.schedule.walkCanProceed(wanting: id) },
        { shared in
          if let latency = latency.take() { shared.demand.record(latency) }
          if let outcome = finished.take(), shared.spareOutcomes.count < Self.spareOutcomeLimit {
            shared.spareOutcomes.append(outcome)
          }
          let answer = shared.schedule.take(id)
          // Taking one makes room, for as many requests as wait (each new
          // request woke a helper itself, which may have found no room).
          if case .read = answer, shared.schedule.hasWorkForHelper {
            monitor.signal(Self.helperWakes, upTo: shared.schedule.queuedRequests)
          }
          let starting =
            shared.isStopped
            ? 0 : shared.demand.moreWanted(pending: shared.schedule.queuedRequests)
          shared.demand.started(starting)
          return (answer, starting, shared.demand.isSlow)
        })
      readsAreSlow = isSlow
      for _ in 0..<starting {
        guard let thread = Self.startHelper(core) else { break }
        moreHelpers.append(Helper(thread))
      }
      switch answer {
      case .read(let outcome): return outcome
      case .readItYourself: return nil
      case .waitForIt: continue
      case .readMeanwhile(var request):
        let outcome = read(&request, using: &reader)
        Self.publish(outcome, of: request, from: &reader, in: core)
      }
    }
  }

  // MARK: - The helper

  /// The helper's loop: reads the top request nobody has begun, while
  /// there is room, until stopped.
  private static func help(_ core: Core) {
    var buffer = [UInt8](repeating: 0, count: DirectoryStream.bufferSize)
    buffer.withUnsafeMutableBytes { buffer in
      var reader = Reader(buffer: buffer.baseAddress!)
      while true {
        guard
          var next = core.monitor.withLock(
            waitingOn: helperWakes, until: { $0.isStopped || $0.schedule.hasWorkForHelper },
            { shared -> (request: Request?, isSlow: Bool)? in
              guard !shared.isStopped else { return nil }
              if reader.spare == nil { reader.spare = shared.spareOutcomes.popLast() }
              return (shared.schedule.nextForHelper(), shared.demand.isSlow)
            })
        else { return }
        // Taken, not copied: a copy left here would share the path, and
        // reading would copy it to end it in place.
        guard var request = next.request.take() else { continue }
        let outcome = read(
          &request, using: &reader, walk: core.walk, slowReads: next.isSlow ? core.slowReads : nil)
        publish(outcome, of: request, from: &reader, in: core)
      }
    }
  }

  /// Stores what was read, numbering and queueing its subdirectories,
  /// whose paths it takes from the reader (and the open parent, if it
  /// kept one), and wakes the walk if it waits.
  private static func publish(
    _ outcome: Outcome, of request: Request, from reader: inout Reader, in core: Core
  ) {
    let parent = reader.parent.take()
    core.monitor.withLock { shared in
      if let error = outcome.error, error.isOutOfDescriptors {
        // The walk opens it, with its own remedy.
        shared.schedule.giveBack(request)
        reader.subdirectoryPaths.removeAll(keepingCapacity: true)
      } else {
        outcome.subdirectories = shared.schedule.publish(
          outcome, entries: outcome.batch?.list.count ?? 0, of: request,
          scope: outcome.batch?.ignoreScope, subdirectories: &reader.subdirectoryPaths,
          in: parent)
        core.monitor.signal(helperWakes, upTo: outcome.subdirectories.count)
      }
      shared.demand.record(outcome.latency)
      core.monitor.signal(walkWakes)
    }
  }
}

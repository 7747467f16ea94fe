/// Reads the directories of a recursive walk ahead of it, on a helper
/// thread, so that two threads wait on the kernel instead of one: the
/// mechanism (the helper, the lock, recycled outcomes) around a
/// ``PrefetchSchedule``, which decides what is read when.
///
/// Without a helper (no thread could start) the schedule still works: the
/// walk reads every directory itself, as it does any nobody has begun.
final class DirectoryPrefetch {
  typealias Request = PrefetchSchedule<Outcome>.Request

  /// What reading a directory found.
  ///
  /// A reference, so that handing it from the helper to the walk moves one
  /// pointer: as a value, each hand-off copied (retained) a dozen arrays.
  /// The reader fills it before publishing it under the lock, and only the
  /// walk touches it after taking it.
  final class Outcome {
    var status: FileStatus?
    var error: Errno?
    /// Where its rows are, made once for the reader and the walk's frame.
    var location: RowLocation?
    /// `nil` when the directory was not read: on another file system.
    var batch: DirectoryBatch?
    /// The numbers of its subdirectories, in the order the walk descends
    /// into them.
    var subdirectories: Range<Int> = 0..<0

    init() {}

    /// Forgets what it held, to be filled again.
    func clear() {
      (status, error, location, batch, subdirectories) = (nil, nil, nil, nil, 0..<0)
    }
  }

  /// What the walk and the helper share: the walk's configuration and
  /// where the operand is.
  struct Walk: Sendable {
    let configuration: WalkConfiguration
    let paths: WalkPaths
    /// The operand's device, for `--one-file-system`.
    let rootDevice: UInt64
  }

  /// What the lock guards.
  struct Shared {
    var schedule: PrefetchSchedule<Outcome>
    var isStopped = false
    /// Outcomes the walk is done with, for the helper to fill again: made
    /// on one thread and freed on the other, each went through malloc's
    /// shared arena rather than a thread's cache.
    var spareOutcomes: [Outcome] = []
  }

  /// Enough for the helper to reuse every outcome while the walk keeps up.
  private static let spareOutcomeLimit = 64

  /// The prefetch's part that the helper holds too.
  private final class Core: Sendable {
    let walk: Walk
    /// Both threads hold the lock for a few steps: spinning a little
    /// beats sleeping in the kernel.
    let monitor: Monitor<Shared>

    init(_ walk: Walk) {
      self.walk = walk
      monitor = Monitor(
        Shared(
          schedule: PrefetchSchedule(
            directoryLimit: 4096, entryLimit: walk.configuration.readAheadEntryLimit)),
        conditions: 2, spinsBeforeSleeping: true)
    }
  }

  /// The helper waits on this for work or room; the walk for a result.
  private static var helperWakes: Monitor<Shared>.Condition { .init(0) }
  private static var walkWakes: Monitor<Shared>.Condition { .init(1) }

  private let core: Core
  /// The helper, until ``stop()``; `nil` when none could start.
  private var helper: Threads.Joinable?

  var walk: Walk { core.walk }

  init(_ walk: Walk) {
    core = Core(walk)
    let core = core
    switch Threads.start((), running: { _ in Self.help(core) }) {
    case .started(let thread): helper = consume thread
    case .notStarted: helper = nil
    }
  }

  deinit {
    stop()
  }

  /// Ends the helper; what it read and nobody took is dropped.
  func stop() {
    core.monitor.withLock { shared in
      shared.isStopped = true
      core.monitor.signal(Self.helperWakes)
    }
    if let helper = helper.take() { helper.join() }
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
      defer { core.monitor.signal(Self.helperWakes) }
      return shared.schedule.enqueue(
        &reader.subdirectoryPaths, depth: depth + 1, parentScope: scope,
        leavingFirst: true)
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
    while true {
      let answer = monitor.withLock(
        waitingOn: Self.walkWakes, until: { $0.schedule.walkCanProceed(wanting: id) },
        { shared in
          if let outcome = finished.take(), shared.spareOutcomes.count < Self.spareOutcomeLimit {
            shared.spareOutcomes.append(outcome)
          }
          let answer = shared.schedule.take(id)
          if case .read = answer { monitor.signal(Self.helperWakes) }
          return answer
        })
      switch answer {
      case .read(let outcome): return outcome
      case .readItYourself: return nil
      case .waitForIt: continue
      case .readMeanwhile(var request):
        let outcome = read(&request, using: &reader)
        Self.publish(outcome, of: request, subdirectories: &reader.subdirectoryPaths, in: core)
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
        let next = core.monitor.withLock(
          waitingOn: helperWakes, until: { $0.isStopped || $0.schedule.hasWorkForHelper },
          { shared -> Request?? in
            guard !shared.isStopped else { return .none }
            if reader.spare == nil { reader.spare = shared.spareOutcomes.popLast() }
            return .some(shared.schedule.nextForHelper())
          })
        guard let next else { return }
        guard var request = next else { continue }
        let outcome = read(&request, using: &reader, walk: core.walk)
        publish(outcome, of: request, subdirectories: &reader.subdirectoryPaths, in: core)
      }
    }
  }

  /// Stores what was read, numbering and queueing its subdirectories,
  /// whose paths it takes, and wakes the walk if it waits.
  private static func publish(
    _ outcome: Outcome, of request: Request, subdirectories: inout [[UInt8]?], in core: Core
  ) {
    core.monitor.withLock { shared in
      if let error = outcome.error, error.isOutOfDescriptors {
        // The walk opens it, with its own remedy.
        shared.schedule.giveBack(request)
        subdirectories.removeAll(keepingCapacity: true)
      } else {
        outcome.subdirectories = shared.schedule.publish(
          outcome, entries: outcome.batch?.list.count ?? 0, of: request,
          scope: outcome.batch?.ignoreScope, subdirectories: &subdirectories)
        if !outcome.subdirectories.isEmpty { core.monitor.signal(helperWakes) }
      }
      core.monitor.signal(walkWakes)
    }
  }
}

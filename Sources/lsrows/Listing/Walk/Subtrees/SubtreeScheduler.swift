/// The writing thread's side of listing subtrees on two threads: it
/// writes each job's output when the walk reaches it and, while it waits
/// on the worker with nothing to write, lists part of the worker's
/// subtree itself, so that one large subtree does not leave it idle.
///
/// That part is asked of the worker's walk (``SubtreeJob/askForHandOver()``),
/// which gives the next subtree it would reach, as high as there is one;
/// the writing thread lists it into the part's own chunks, a few at a
/// time between the worker's, and writes them when the worker's output
/// reaches it.
///
/// Touched only on the thread that runs the operand's walk: jobs carry it
/// there, hence `@unchecked Sendable`.
final class SubtreeScheduler: @unchecked Sendable {
  let splitter: SubtreeSplitter
  private let context: SubtreeContext
  /// Parts of the worker's subtrees this thread lists, oldest first.
  private var ownWalks: [OwnWalk] = []
  /// The parts this thread began and has not written yet, listed or not.
  private var unwritten: [SubtreeJob] = []

  /// The renderer of the parts this thread lists, made for the first.
  private var renderer: (any SubtreeRendering)?

  /// A part this thread lists.
  private final class OwnWalk {
    let job: SubtreeJob
    let walker: TreeWalker

    init(_ job: SubtreeJob, context: SubtreeContext, scheduler: SubtreeScheduler) {
      self.job = job
      walker = context.walker(for: job, answeringHandOvers: false)
      walker.subtrees = scheduler
    }
  }

  /// The parts of its own that this thread lets wait, in a job it lists
  /// ahead of the writing: 2 MiB of rows or so.
  private static let ownPartsLimit = 16

  /// The most parts this thread lists at once.
  private static let ownWalkLimit = 4

  /// The most parts of output that the parts this thread began may hold
  /// before it asks for another.
  ///
  /// 6 MiB of rows or so. Without it, the parts it lists from the end of
  /// one large subtree, while the worker lists from its start, would hold
  /// half of that subtree's rows.
  private static let unwrittenPartsLimit = 48

  /// After the worker's walk had nothing to hand over, this many more of
  /// its parts are written before it is asked again.
  private static let partsBeforeAskingAgain = 4

  /// Starts the worker; `nil` when no thread could start.
  init?(_ context: SubtreeContext) {
    guard let worker = SubtreeWorker(context) else { return nil }
    splitter = SubtreeSplitter(worker: worker, claimsEagerly: context.claimsEagerly)
    self.context = context
  }

  /// Writes `job`'s output, in order, as it comes: its chunks of rows
  /// with `write`, its events with `report`; and lists parts of it
  /// meanwhile.
  ///
  /// - Throws: What `write` or `report` threw; the job is stopped.
  func write(
    _ job: SubtreeJob, with write: ([UInt8]) throws -> Void,
    reporting report: (WalkEvent) throws -> Void
  ) throws {
    do {
      try self.write(job, write, report)
    } catch {
      job.output.stop()
      throw error
    }
  }

  private func write(
    _ job: SubtreeJob, _ write: ([UInt8]) throws -> Void, _ report: (WalkEvent) throws -> Void
  ) throws {
    var isAsking = false
    var partsSinceRefusal = Self.partsBeforeAskingAgain
    while true {
      var parts = job.output.waiting()
      if parts.isEmpty {
        if let own = ownWalks.first(where: { $0.job === job }) {
          // Its own part, at the front: listed on as it is written.
          step(own)
          continue
        }
        if job.output.isDone {
          unwritten.removeAll { $0 === job }
          return
        }
        if let other = ownWalks.first(where: {
          $0.job.output.waitingCount < Self.ownPartsLimit
        }) {
          step(other)
          continue
        }
        if !isAsking && partsSinceRefusal >= Self.partsBeforeAskingAgain
          && ownWalks.count < Self.ownWalkLimit && hasRoomForAnotherPart
        {
          job.askForHandOver()
          isAsking = true
        }
        parts = job.output.next()
        if parts.isEmpty { return }
      }
      for part in parts {
        switch part {
        case .bytes(let bytes):
          partsSinceRefusal += 1
          try write(bytes)
        case .event(.handOver(let handed)):
          isAsking = false
          if let handed {
            if handed.begin() {
              ownWalks.append(OwnWalk(handed, context: context, scheduler: self))
              unwritten.append(handed)
            }
          } else {
            partsSinceRefusal = 0
          }
        case .event(let event):
          try report(event)
        }
      }
    }
  }

  /// Whether the parts this thread began and has not written hold few
  /// enough parts of output for it to begin another.
  private var hasRoomForAnotherPart: Bool {
    var parts = 0
    for job in unwritten {
      parts += job.output.waitingCount
      if parts >= Self.unwrittenPartsLimit { return false }
    }
    return true
  }

  /// Lists the next group of an own part's rows into its chunks; finishes
  /// it at its end.
  private func step(_ own: OwnWalk) {
    if renderer == nil { renderer = context.makeRenderer() }
    guard let renderer else { return }
    if own.walker.writeNextGroup({ renderer.append($0, to: own.job) }) { return }
    renderer.finish(own.job)
    own.job.output.finish()
    ownWalks.removeAll { $0 === own }
  }

  /// Ends the splitting once the writer is done with the walk.
  func stop() {
    ownWalks.removeAll()
    unwritten.removeAll()
    splitter.stop()
  }

  /// Claims no more, once the operand's walk stopped early.
  func endClaims() {
    splitter.endClaims()
  }
}

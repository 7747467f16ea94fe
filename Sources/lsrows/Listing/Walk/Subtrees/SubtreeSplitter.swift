/// The walk's side of listing subtrees on a second thread: which
/// subdirectories it has claimed for the ``SubtreeWorker`` and not yet
/// reached, and when it claims another.
///
/// The walk claims the next subtree it would reach, as high on its path
/// as there is one (``TreeWalker/claimSubtree(for:)``), so that the worker
/// lists it while the walk lists the subtree it is in. It claims another
/// when the worker has listed all it was handed, unless the claims not
/// yet reached hold much output.
final class SubtreeSplitter {
  private let worker: SubtreeWorker
  private let claimsEagerly: Bool
  /// Claimed and not yet reached, oldest first.
  private var waiting: [SubtreeJob] = []
  /// Reached, and so handed to the writer, and maybe not all written:
  /// stopped with the rest if the walk ends early.
  private var reachedJobs: [SubtreeJob] = []
  /// Once the file system turns out slow, the walk reads ahead instead.
  private(set) var hasStopped = false
  /// Whether the claims not yet reached were full when last counted.
  ///
  /// Counted with the worker idle: while it stays idle no claim's output
  /// grows, so nothing changes the count of ``waitingPartsLimit`` parts
  /// until a claim is made or reached. The walk asks at every step, and
  /// counting locks each claim.
  private var isHeldBack = false

  /// The most parts of output (about 128 KiB each) that claims not yet
  /// reached may hold before the walk claims another: their rows wait in
  /// memory until the walk reaches them.
  private static let waitingPartsLimit = 48
  /// Claims not yet reached, at most, when the walk claims eagerly.
  private static let eagerClaimLimit = 64

  init(worker: SubtreeWorker, claimsEagerly: Bool) {
    self.worker = worker
    self.claimsEagerly = claimsEagerly
  }

  deinit {
    stop()
  }

  /// Whether the walk should claim a subdirectory now: the worker has
  /// listed all it was handed, and the claims not yet reached hold fewer
  /// than ``waitingPartsLimit`` parts of output.
  var wantsClaim: Bool {
    guard !hasStopped else { return false }
    if claimsEagerly { return waiting.count < Self.eagerClaimLimit }
    guard worker.isIdle else {
      isHeldBack = false
      return false
    }
    guard !isHeldBack else { return false }
    var parts = 0
    for job in waiting {
      parts += job.output.waitingCount
      if parts >= Self.waitingPartsLimit {
        isHeldBack = true
        return false
      }
    }
    return true
  }

  /// Claims the subtree at `start` for the worker.
  func claim(_ start: SubtreeStart, for scheduler: SubtreeScheduler) -> SubtreeJob {
    let job = SubtreeJob(start, scheduler: scheduler, isBounded: true)
    isHeldBack = false
    waiting.append(job)
    worker.offer(job)
    return job
  }

  /// The walk has reached `job`: from here on the writer holds it.
  func reached(_ job: SubtreeJob) {
    isHeldBack = false
    if let index = waiting.lastIndex(where: { $0 === job }) { waiting.remove(at: index) }
    if reachedJobs.count >= 64 { reachedJobs.removeAll { $0.output.isDone } }
    reachedJobs.append(job)
  }

  /// Claims no more: claims not reached are taken back, or stopped if
  /// the worker began them (the walk ended before reaching them), and the
  /// worker ends once it has listed what the writer is still to take.
  func endClaims() {
    hasStopped = true
    for job in waiting where !job.revoke() { job.output.stop() }
    waiting.removeAll()
    worker.finishJobs()
  }

  /// Ends the splitting once the writer is done with the walk: whatever
  /// it did not take is stopped, and the worker's thread ends.
  func stop() {
    endClaims()
    for job in reachedJobs { job.output.stop() }
    reachedJobs.removeAll()
    worker.stop()
  }

  /// Claims no more, as reads turned slow; what is claimed is listed.
  func stopClaiming() {
    hasStopped = true
  }
}

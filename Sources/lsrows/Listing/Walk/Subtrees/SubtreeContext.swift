import Synchronization

/// What every walk of a subtree shares with the operand's walk, on either
/// thread: how it walks, where the operand is, how its rows are rendered,
/// and whether any of them found the file system slow.
struct SubtreeContext: Sendable {
  let makeRenderer: @Sendable () -> any SubtreeRendering
  let claimsEagerly: Bool
  let paths: WalkPaths
  let walkNumber: Int
  let configuration: WalkConfiguration
  let slowness: Slowness

  init(
    makeRenderer: @escaping @Sendable () -> any SubtreeRendering, claimsEagerly: Bool,
    paths: WalkPaths, walkNumber: Int, configuration: WalkConfiguration
  ) {
    self.makeRenderer = makeRenderer
    self.claimsEagerly = claimsEagerly
    self.paths = paths
    self.walkNumber = walkNumber
    self.configuration = configuration
    slowness = Slowness(slowRead: configuration.slowRead)
  }

  /// How slow the openings of every walk of the operand are, on both
  /// threads (``HelperDemand``): once slow, each walk reads ahead
  /// (``DirectoryPrefetch``), those that begin after from the start, and
  /// the operand's walk claims no more subtrees.
  final class Slowness: Sendable {
    private let demand: Monitor<HelperDemand>
    private let isSlowNow = Atomic(false)

    init(slowRead: UInt64) {
      demand = Monitor(HelperDemand(slowRead: slowRead))
    }

    var isSlow: Bool {
      isSlowNow.load(ordering: .relaxed)
    }

    /// Notes an opening that took `nanoseconds`.
    ///
    /// - Returns: Whether the openings are slow.
    func record(_ nanoseconds: UInt64) -> Bool {
      let isSlow = demand.withLock { demand in
        demand.record(nanoseconds)
        return demand.isSlow
      }
      if isSlow { isSlowNow.store(true, ordering: .relaxed) }
      return isSlow
    }
  }

  /// A walk of `job`'s subtree; on the worker, one that hands part of it
  /// over to the writing thread when asked.
  ///
  /// It keeps a quarter of the operand's walk's directories open, and no
  /// parent open for its subdirectories if it reads ahead, as several
  /// such walks are under way at once.
  func walker(for job: SubtreeJob, answeringHandOvers: Bool) -> TreeWalker {
    var configuration = configuration
    configuration.descriptorBudget = max(2, configuration.descriptorBudget / 4)
    configuration.openParentBudget = 0
    let walker = TreeWalker(
      subtree: job.start, paths: paths.unshared(), walkNumber: walkNumber,
      handOverAsker: answeringHandOvers ? job : nil, configuration: configuration)
    walker.slowness = slowness
    return walker
  }
}

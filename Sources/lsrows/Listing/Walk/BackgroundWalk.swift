/// Runs a walk and hands its events to the caller, in order: on a second
/// thread when reading, statting and sorting ahead can overlap the writing
/// of rows, else on the caller's.
enum BackgroundWalk {
  /// Walks `operand` and hands every event to `handle` on this thread, in
  /// the groups the walk gathered them in.
  ///
  /// One directory whose rows are sorted has nothing to overlap: its rows
  /// are all read before the first is written, and starting a thread would
  /// be a good part of lsrows's start-up on an empty directory. Nor does a
  /// walk whose subdirectories a helper reads ahead: the helper is the
  /// overlap, and a third thread that only wrote rows would add user time
  /// (handing each listing over and back) and win no wall time.
  ///
  /// - Throws: What `handle` threw; the walk stops there.
  static func run(
    operand: [UInt8], walkNumber: Int, showsPath: Bool, isImplicit: Bool = false,
    ignoreScope: GitIgnoreScope? = nil, configuration: WalkConfiguration,
    handle: (ArraySlice<WalkEvent>) throws -> Void
  ) throws {
    let walker = TreeWalker(
      operand: operand, walkNumber: walkNumber, showsPath: showsPath, isImplicit: isImplicit,
      ignoreScope: ignoreScope, configuration: configuration)
    let overlaps =
      configuration.streamingBatchSize != nil
      || (configuration.maxDepth > 1 && !configuration.readsAhead)
    guard overlaps else {
      while try walker.writeNextGroup({ events in
        try handle(events[...])
        return true
      }) {}
      return
    }
    // Listings cross between the threads: the pool waits for both to pass a
    // checkpoint before it reuses one handed back.
    let pool = EntryListPool.shared
    pool.beginSharing()
    defer { pool.endSharing() }
    let walk = ProducerThread(capacity: 8, CheckpointedWalk(walker: walker, pool: pool))
    defer { walk.stop() }
    while case let groups = walk.next(), !groups.isEmpty {
      for events in groups { try handle(events[...]) }
      pool.checkpoint(.writer)
    }
  }
}

/// A walk whose thread passes the pool's checkpoint after each group.
private struct CheckpointedWalk: BatchProducer {
  let walker: TreeWalker
  let pool: EntryListPool

  mutating func next() -> [WalkEvent]? {
    let events = walker.next()
    pool.checkpoint(.walker)
    return events
  }
}

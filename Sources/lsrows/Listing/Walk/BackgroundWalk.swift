/// Runs a walk on a second thread, reading, statting and sorting ahead
/// while the calling thread turns rows into bytes; events arrive in order.
enum BackgroundWalk {
  /// Walks `operand` and hands every event to `handle` on this thread, in
  /// the batches the walk gathered them in.
  ///
  /// One directory whose rows are sorted has nothing to overlap: its rows
  /// are all read before the first is written. It, and any walk when no
  /// second thread can start, runs on this thread, which saves starting
  /// one (a tenth of lsrows's start-up on an empty directory).
  ///
  /// So does a walk whose subdirectories a helper reads ahead: the helper
  /// is the overlap. A third thread that only wrote rows added a tenth to
  /// lsrows's user time on a source tree, handing each listing over and
  /// back, and won no wall time (BENCHMARKS.md).
  ///
  /// - Throws: What `handle` threw; the walk stops there.
  static func run(
    operand: [UInt8], walkNumber: Int, showsPath: Bool, configuration: WalkConfiguration,
    handle: (ArraySlice<WalkEvent>) throws -> Void
  ) throws {
    let overlaps =
      configuration.streamingBatchSize != nil
      || (configuration.maxDepth > 1 && !configuration.readsAhead)
    let pool = EntryListPool.shared
    if overlaps { pool.beginSharing() }
    let walk =
      overlaps
      ? ProducerThread<[WalkEvent]>(capacity: 8) { yield in
        TreeWalker(
          operand: operand, walkNumber: walkNumber, showsPath: showsPath,
          configuration: configuration
        ) { events in
          pool.checkpoint(.walker)
          return yield(events)
        }.walk()
      } : nil
    if let walk {
      defer {
        walk.join()
        pool.endSharing()
      }
      while case let groups = walk.next(), !groups.isEmpty {
        for events in groups { try handle(events[...]) }
        pool.checkpoint(.writer)
      }
      return
    }
    if overlaps { pool.endSharing() }
    var failure: (any Error)?
    withoutActuallyEscaping(handle) { handle in
      TreeWalker(
        operand: operand, walkNumber: walkNumber, showsPath: showsPath,
        configuration: configuration
      ) { events in
        do {
          try handle(events[...])
          return true
        } catch {
          failure = error
          return false
        }
      }.walk()
    }
    if let failure { throw failure }
  }
}

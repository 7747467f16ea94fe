/// The entry counts a walk records for the directories of one listing that
/// it entered, by ``Entry/index``.
///
/// A listing's rows may be written on another thread while the walk goes
/// on: a count is recorded before the rows that show it are handed over,
/// and the lock orders each record before its reads.
final class WalkedEntryCounts: Sendable {
  private let counts = Monitor<[UInt32: Int]>([:])

  init() {}

  /// Records that the directory at `index` holds `count` entries.
  func record(_ count: Int, of index: UInt32) {
    counts.withLock { $0[index] = count }
  }

  /// The count recorded for the directory at `index`, if any.
  func count(of index: UInt32) -> Int? {
    counts.withLock { $0[index] }
  }
}

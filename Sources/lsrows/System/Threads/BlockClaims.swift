import Synchronization

/// Hands out consecutive blocks of `0..<count` to threads that share the
/// work, each block to one thread, until none is left.
///
/// Blocks are small enough (about sixteen per thread, at most 1,024
/// elements) that the threads end within one block of each other.
final class BlockClaims: Sendable {
  private let next = Atomic<Int>(0)
  private let count: Int
  private let blockSize: Int

  /// Blocks of `0..<count` for `parts` threads.
  init(count: Int, parts: Int) {
    self.count = count
    blockSize = max(1, min(1024, count / (max(1, parts) * 16)))
  }

  /// How many elements nobody has claimed yet: more threads are worth
  /// starting only while there are enough.
  var unclaimed: Int {
    max(0, count - next.load(ordering: .relaxed))
  }

  /// The next block nobody has claimed, or `nil` when all are.
  func claim() -> Range<Int>? {
    let start = next.add(blockSize, ordering: .relaxed).oldValue
    guard start < count else { return nil }
    return start..<min(count, start + blockSize)
  }
}

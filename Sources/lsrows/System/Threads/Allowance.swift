/// A count of something (threads, open descriptors) that several threads
/// take from and give back, so that together they never hold more.
final class Allowance: Sendable {
  private let available: Monitor<Int>

  /// An allowance of `limit`.
  init(_ limit: Int) {
    available = Monitor(max(0, limit))
  }

  /// Takes up to `wanted`, maybe none.
  ///
  /// - Returns: How many were taken: give them back when they are done.
  func take(upTo wanted: Int) -> Int {
    guard wanted > 0 else { return 0 }
    return available.withLock { available in
      let taken = min(wanted, available)
      available -= taken
      return taken
    }
  }

  /// Gives back what ``take(upTo:)`` gave.
  func giveBack(_ count: Int) {
    guard count > 0 else { return }
    available.withLock { $0 += count }
  }
}

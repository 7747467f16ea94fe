/// What du counts for a directory: its own status and everything below it,
/// each file with several links once.
struct TreeTotals: Sendable, Equatable {
  /// Apparent bytes (`du --apparent-size -B1`).
  var size: Int64 = 0
  /// Allocated 512-byte blocks, as the kernel counts them.
  var blocks: Int64 = 0
  /// How many entries are below (`find PATH -mindepth 1`).
  var entries: UInt64 = 0
  /// The newest modification time.
  var newest = Timestamp(seconds: .min, nanoseconds: 0)

  /// The blocks as du -k shows them: 1024-byte units, rounded up.
  var kibibytes: Int64 {
    blocks / 2 + blocks % 2
  }
}

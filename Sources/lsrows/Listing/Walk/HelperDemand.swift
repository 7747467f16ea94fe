/// How many helper threads the prefetch's reads call for: one while the
/// file system answers at the speed of memory, more when its operations
/// wait on something slower (a network, a FUSE server, a cold disk), so
/// that many directories are read at once instead of two.
///
/// The measure is how long opening a directory takes (and reading its
/// identity, which asks the kernel alone), a lookup in the kernel's caches
/// on a warm local disk (a few microseconds), and a round trip where a
/// server answers. One slow read proves nothing (the thread may have been
/// preempted), so the prefetch is slow when half of the last sixteen reads
/// were, and four at least: a walk that began on a slow file system knows
/// it after four reads, not eight, while two threads read one directory at
/// a time.
///
/// A policy only: ``DirectoryPrefetch`` records the reads and starts the
/// threads.
struct HelperDemand {
  /// What makes a read slow, in nanoseconds: forty times a warm local one.
  static let defaultSlowRead: UInt64 = 200_000

  /// What makes a read slow: `LSROWS_SLOW_READ_NS`'s `setting` when it is a
  /// number of nanoseconds, else ``defaultSlowRead``.
  ///
  /// For measuring and testing, not for users: under valgrind every open
  /// takes longer than 0.2 ms, and a walk counted there would take the
  /// slow file system's path (a bench sets a minute); 0 sends a walk on
  /// a local disk down that path.
  static func slowRead(setting: [UInt8]?) -> UInt64 {
    setting.flatMap { UInt64(String(decoding: $0, as: UTF8.self)) } ?? defaultSlowRead
  }
  /// The most helpers, each with its thread, one open directory at a time
  /// and a ``DirectoryStream/bufferSize`` buffer.
  static let helperLimit = 64
  /// The most threads the helpers take besides themselves, while reads
  /// are slow, to read the statuses of a large directory's entries in
  /// parts (``MetadataReader``).
  static let spareThreadLimit = 64
  /// The last sixteen reads, the newest in the low bit: 1 for slow.
  private var history: UInt16 = 0
  /// How many reads the history holds, up to sixteen.
  private var recorded = 0
  /// Whether the recent reads were slow: half of them at least.
  ///
  /// Kept, not counted when asked, as the walk asks for every directory.
  private(set) var isSlow = false
  /// The helpers started so far.
  private(set) var helpers = 1
  /// What makes a read slow (``WalkConfiguration/slowRead``).
  private let slowRead: UInt64

  /// A demand that knows nothing yet, or, when opening the operand was
  /// slow, one that counts that read as two: two more slow reads (the
  /// walk's first and the helper's) make it slow, and one preempted open
  /// alone starts no helper.
  init(operandIsSlow: Bool = false, slowRead: UInt64) {
    self.slowRead = slowRead
    guard operandIsSlow else { return }
    history = 0b11
    recorded = 2
  }

  /// Notes a read that took `nanoseconds`.
  mutating func record(_ nanoseconds: UInt64) {
    history = history << 1 | (nanoseconds >= slowRead ? 1 : 0)
    recorded = min(recorded + 1, UInt16.bitWidth)
    let slow = history.nonzeroBitCount
    isSlow = slow >= 4 && 2 * slow >= recorded
  }

  /// How many more helpers to start, with `pending` directories queued
  /// that nobody reads: one for each such directory, up to the limit, all
  /// at once (the walk starts them between two of its own reads, and a
  /// few at a time arrived after most of a short walk).
  func moreWanted(pending: Int) -> Int {
    isSlow ? max(0, min(Self.helperLimit, pending) - helpers) : 0
  }

  /// Counts `count` helpers started.
  mutating func started(_ count: Int) {
    helpers += count
  }
}

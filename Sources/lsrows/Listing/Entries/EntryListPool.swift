import Glibc

/// The storage of small entry lists the writer is done with, kept for the
/// next directory to be read into.
///
/// A recursive walk reads directories on two threads and writes their rows
/// on a third, so a list's arrays were freed on another thread than the one
/// that made them. malloc's per-thread caches then never held what the
/// readers asked for, and every directory's arrays went through the shared
/// arena: about 2,000 instructions of malloc, growth and free per directory
/// of `/usr`. A ``Listing`` hands its arrays back here when it goes.
final class EntryListPool: @unchecked Sendable {
  /// The pool every reader and ``Listing`` share.
  static let shared = EntryListPool()

  /// Lists with room for more entries than this are freed, not kept.
  static let largestKeptEntries = 1024
  static let largestKeptNameBytes = 32 * 1024
  /// The most bytes the kept lists hold.
  ///
  /// The writer hands lists back a hand-off at a time, dozens at once, so
  /// the pool keeps many small ones.
  static let keptBytes = 1 << 20

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  // Guarded by `mutex`. Only the two arrays every list has are kept:
  // copying and emptying a whole list cost more than the allocations.
  private var spares: [(names: [UInt8], entries: [Entry])] = []
  private var sparesBytes = 0

  private init() {
    pthread_mutex_init(mutex, nil)
  }

  /// An empty list, with the storage of one handed back when there is one.
  func take() -> EntryList {
    pthread_mutex_lock(mutex)
    let spare = spares.popLast()
    if let spare { sparesBytes -= Self.bytes(spare.names, spare.entries) }
    pthread_mutex_unlock(mutex)
    var list = EntryList()
    guard let spare else { return list }
    list.names = spare.names
    list.entries = spare.entries
    list.names.removeAll(keepingCapacity: true)
    list.entries.removeAll(keepingCapacity: true)
    return list
  }

  /// Keeps the arrays of `list`, which nothing else will read, for a later
  /// ``take()``; those of a large list, or beyond the limit, are freed.
  func giveBack(_ list: EntryList) {
    guard list.entries.capacity <= Self.largestKeptEntries,
      list.names.capacity <= Self.largestKeptNameBytes
    else { return }
    let bytes = Self.bytes(list.names, list.entries)
    pthread_mutex_lock(mutex)
    if sparesBytes + bytes <= Self.keptBytes {
      spares.append((list.names, list.entries))
      sparesBytes += bytes
    }
    pthread_mutex_unlock(mutex)
  }

  private static func bytes(_ names: [UInt8], _ entries: [Entry]) -> Int {
    names.capacity + entries.capacity * MemoryLayout<Entry>.stride
  }
}

import Glibc

/// The storage of entry lists a thread is done with, kept for the next
/// directory, or the next chunk of a large one, to be read into.
///
/// A large directory read in chunks has a pool of its own (``ChunkLists``).
///
/// A recursive walk reads directories on two threads and writes their rows
/// on another, so a list's arrays would be freed on another thread than the
/// one that made them: malloc's per-thread caches would never hold what the
/// readers ask for, and every directory's arrays would go through the
/// shared arena. A ``Listing`` hands its arrays back here when it goes.
///
/// While a walk shares lists between threads, a list handed back is not
/// reused at once: the last reference to it may have gone on one thread
/// while another read it a moment before, and only the reference count,
/// not a lock, orders that read before the reuse. So a handed-back list
/// waits until every sharing thread has passed a ``checkpoint(_:)`` after
/// it came back (each passes one between hand-offs of rows); those reads
/// come before that checkpoint on their own thread, and the checkpoint's
/// lock orders them before the reuse, for ThreadSanitizer as for the
/// processor.
final class EntryListPool: Sendable {
  /// Calls `body` with the pool of the calling thread: its own, on a
  /// thread that made one (``makeOwnForThisThread()``), else ``shared``.
  ///
  /// Lent, not returned: the thread's key holds its pool, and a pool
  /// returned was retained and released for every directory's list.
  static func withCurrent<Result>(_ body: (EntryListPool) -> Result) -> Result {
    guard let own = pthread_getspecific(ownPoolKey) else { return body(shared) }
    return Unmanaged<EntryListPool>.fromOpaque(own)._withUnsafeGuaranteedRef(body)
  }

  /// Gives the calling thread a pool of its own, as ``shared`` is made,
  /// freed when the thread ends: for a thread whose lists stay on it (a
  /// ``SubtreeWorker``), so that the two threads of a walk do not take
  /// turns at one lock for every directory.
  static func makeOwnForThisThread() {
    let pool = EntryListPool(
      largestKeptEntries: shared.largestKeptEntries,
      largestKeptNameBytes: shared.largestKeptNameBytes, keptBytes: shared.keptBytes)
    pthread_setspecific(ownPoolKey, Unmanaged.passRetained(pool).toOpaque())
  }

  private static let ownPoolKey: pthread_key_t = {
    var key = pthread_key_t()
    checkThreadCall(
      pthread_key_create(&key) { pool in
        if let pool { Unmanaged<EntryListPool>.fromOpaque(pool).release() }
      }, "pthread_key_create")
    return key
  }()

  /// The pool every reader and ``Listing`` share, of small lists.
  ///
  /// The writer hands lists back a hand-off at a time, dozens at once, so
  /// it keeps many small ones: up to 1 MiB of them.
  static let shared = EntryListPool(
    largestKeptEntries: 1024, largestKeptNameBytes: 32 * 1024, keptBytes: 1 << 20)

  /// Lists with room for more entries or name bytes than these are freed,
  /// not kept.
  let largestKeptEntries: Int
  let largestKeptNameBytes: Int
  /// The most bytes the kept lists hold, waiting or ready.
  let keptBytes: Int

  /// A thread that reads lists it did not make while a walk shares them.
  enum Sharer: UInt8 {
    case walker = 1
    case writer = 2

    static let all = walker.rawValue | writer.rawValue
  }

  private typealias Storage = (names: [UInt8], entries: [Entry])

  /// Only the two arrays every list has are kept: copying and emptying a
  /// whole list cost more than the allocations.
  private struct Kept {
    var spares: [Storage] = []
    /// Handed back since the sharers last all passed a checkpoint.
    var returning: [Storage] = []
    /// Handed back before that: ready once the sharers all pass one again.
    var returned: [Storage] = []
    var bytes = 0
    var isShared = false
    /// The sharers that passed a checkpoint since `returning` began.
    var passed: UInt8 = 0
  }

  private let kept = Monitor(Kept())

  /// A pool that keeps lists of up to `largestKeptEntries` entries and
  /// `largestKeptNameBytes` name bytes, `keptBytes` in all.
  init(largestKeptEntries: Int, largestKeptNameBytes: Int, keptBytes: Int) {
    self.largestKeptEntries = largestKeptEntries
    self.largestKeptNameBytes = largestKeptNameBytes
    self.keptBytes = keptBytes
  }

  /// An empty list, with the storage of one handed back when there is one.
  func take() -> EntryList {
    let spare = kept.withLock { kept -> Storage? in
      let spare = kept.spares.popLast()
      if let spare { kept.bytes -= Self.bytes(spare) }
      return spare
    }
    guard var spare else { return EntryList() }
    // Emptied while the spare holds the only reference: emptying an array
    // that another variable shares allocates a new buffer.
    spare.names.removeAll(keepingCapacity: true)
    spare.entries.removeAll(keepingCapacity: true)
    return EntryList(names: spare.names, entries: spare.entries)
  }

  /// Keeps the arrays of `list`, which nothing else will read, for a later
  /// ``take()``; those of a large list, or beyond the limit, are freed.
  func giveBack(_ list: borrowing EntryList) {
    giveBack(names: list.names, entries: list.entries)
  }

  /// Keeps a list's arrays, `names` and `entries`, as ``giveBack(_:)``
  /// does: for a caller that holds the list where passing it whole would
  /// copy it (each of its arrays and tables retained, then released).
  func giveBack(names: [UInt8], entries: [Entry]) {
    guard entries.capacity <= largestKeptEntries, names.capacity <= largestKeptNameBytes
    else { return }
    let storage = (names, entries)
    let bytes = Self.bytes(storage)
    kept.withLock { kept in
      guard kept.bytes + bytes <= keptBytes else { return }
      if kept.isShared {
        kept.returning.append(storage)
      } else {
        kept.spares.append(storage)
      }
      kept.bytes += bytes
    }
  }

  /// Starts a walk that reads lists on the walker's and the writer's
  /// threads; until ``endSharing()``, lists handed back wait for both
  /// threads' checkpoints.
  func beginSharing() {
    kept.withLock { kept in
      kept.isShared = true
      kept.passed = 0
    }
  }

  /// Ends the sharing walk; every other thread that read lists has
  /// finished (joined, or ordered before this call by a lock).
  func endSharing() {
    kept.withLock { kept in
      kept.isShared = false
      kept.spares += kept.returned
      kept.spares += kept.returning
      kept.returned = []
      kept.returning = []
    }
  }

  /// Records that `sharer` no longer reads any list it has let go of.
  func checkpoint(_ sharer: Sharer) {
    kept.withLock { kept in
      kept.passed |= sharer.rawValue
      guard kept.passed == Sharer.all else { return }
      kept.passed = 0
      kept.spares += kept.returned
      kept.returned = kept.returning
      kept.returning = []
    }
  }

  private static func bytes(_ storage: Storage) -> Int {
    storage.names.capacity + storage.entries.capacity * MemoryLayout<Entry>.stride
  }
}

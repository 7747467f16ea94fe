import Glibc

/// Reads the directories of a recursive walk ahead of it, on a thread of
/// its own, so that two threads wait on the kernel instead of one.
///
/// The walk wants directories in pre-order. Whoever reads a directory (the
/// walk or the helper) puts its subdirectories on a stack, first on top,
/// each with a number; the helper reads the top one nobody has begun, the
/// walk takes the one it wants next by its number: read already, being
/// read (the walk then reads the next one nobody has begun, for later,
/// rather than sleep), or not begun (the walk reads it itself). While the
/// walk is in one subtree the helper is mostly in the next sibling's, so
/// both read at once. What is read and not yet taken is bounded, in
/// directories and in entries.
final class DirectoryPrefetch: @unchecked Sendable {
  /// A directory, by its path.
  struct Request {
    let id: Int
    /// The path from the working directory, `/`-terminated, then a NUL, so
    /// that it is opened and made the rows' location without a copy.
    var path: [UInt8]
    let depth: Int
  }

  /// What reading a directory found.
  ///
  /// A reference, so that handing it from the helper to the walk moves one
  /// pointer: as a value, each hand-off copied (retained) a dozen arrays.
  /// The helper fills it before publishing it under the lock, and only the
  /// walk touches it after taking it.
  final class Outcome: @unchecked Sendable {
    var status: FileStatus?
    var error: Errno?
    /// Where its rows are, made once for the reader and the walk's frame.
    var location: RowLocation?
    /// `nil` when the directory was not read: on another file system.
    var batch: DirectoryBatch?
    /// The numbers of its subdirectories, in the order the walk descends
    /// into them.
    var subdirectories: Range<Int> = 0..<0

    init() {}

    /// Forgets what it held, to be filled again.
    func clear() {
      (status, error, location, batch, subdirectories) = (nil, nil, nil, nil, 0..<0)
    }
  }

  /// The number of a subdirectory that is not prefetched.
  static let unrequested = -1

  private enum State {
    case pending
    case reading
    case read(Outcome)
    /// The walk took it (to read it itself, or read already): done with.
    case taken
  }

  /// What the walk and the helper share: the walk's configuration and
  /// where the operand is.
  struct Walk: Sendable {
    let configuration: WalkConfiguration
    let paths: WalkPaths
    /// The operand's device, for `--one-file-system`.
    let rootDevice: UInt64
  }

  let walk: Walk
  // Guarded by `mutex`.
  private var stack: [Request] = []
  /// By number.
  private var states: [State] = []
  private var readDirectories = 0
  private var readEntries = 0
  private var stopped = false
  private var helperWaiting = false
  private var walkWaiting = false
  /// Outcomes the walk is done with, for the helper to fill again: made
  /// on one thread and freed on the other, each went through malloc's
  /// shared arena rather than a thread's cache.
  private var spareOutcomes: [Outcome] = []
  /// Enough for the helper to reuse every outcome while the walk keeps up.
  private static let spareOutcomeLimit = 64

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// The helper waits on this for work or room; the walk for a result.
  private let helperWakes = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private let walkWakes = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The helper; `nil` when it could not be started.
  private var thread: pthread_t?

  /// How far the helper may get ahead of the walk.
  static let directoryLimit = 4096
  static let entryLimit = 1 << 18

  init(_ walk: Walk) {
    self.walk = walk
    // Both hold the lock for a few steps: spinning a little beats sleeping
    // in the kernel.
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, 3)  // PTHREAD_MUTEX_ADAPTIVE_NP
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    pthread_cond_init(helperWakes, nil)
    pthread_cond_init(walkWakes, nil)
    // The thread holds the prefetch until `stop()` ends it.
    thread = ThreadBody.start { self.help() }
  }

  deinit {
    pthread_cond_destroy(helperWakes)
    pthread_cond_destroy(walkWakes)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    helperWakes.deallocate()
    walkWakes.deallocate()
  }

  /// Ends the helper; what it read and nobody took is dropped.
  ///
  /// The walk must call it: the helper holds the prefetch until then.
  func stop() {
    pthread_mutex_lock(mutex)
    let join = stopped ? nil : thread
    stopped = true
    pthread_cond_signal(helperWakes)
    pthread_mutex_unlock(mutex)
    if let join { pthread_join(join, nil) }
  }

  /// Queues the subdirectories of `list`, which the walk read itself at
  /// `prefix` (its path from the working directory, `/`-terminated; its
  /// entries are at `depth`), and numbers them.
  ///
  /// The first is not queued: the walk wants it next and reads it itself,
  /// while the helper starts on the second.
  ///
  /// - Returns: The numbers, in the order the walk descends.
  func queueSubdirectories(
    of list: EntryList, at prefix: [UInt8], depth: Int, using reader: inout Reader
  ) -> Range<Int> {
    appendSubdirectoryPaths(of: list, at: prefix, depth: depth, to: &reader.subdirectoryPaths)
    guard !reader.subdirectoryPaths.isEmpty else { return 0..<0 }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return enqueue(&reader.subdirectoryPaths, depth: depth + 1, leavingFirst: true)
  }

  /// What was read of directory `id`.
  ///
  /// - Parameters:
  ///   - id: The directory's number.
  ///   - reader: The walk's, to read other directories with while the one
  ///     it wants is being read.
  /// - Returns: `nil` when it has not begun (the walk then reads it
  ///   itself) or is not prefetched.
  func take(_ id: Int, using reader: inout Reader) -> Outcome? {
    guard id != Self.unrequested else { return nil }
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let finished = reader.finished.take(), spareOutcomes.count < Self.spareOutcomeLimit {
      spareOutcomes.append(finished)
    }
    while true {
      switch states[id] {
      case .read(let outcome):
        states[id] = .taken
        readDirectories -= 1
        readEntries -= outcome.batch?.list.count ?? 0
        if helperWaiting { pthread_cond_signal(helperWakes) }
        return outcome
      case .reading:
        if var other = popPending() {
          pthread_mutex_unlock(mutex)
          let outcome = read(&other, using: &reader)
          pthread_mutex_lock(mutex)
          publish(outcome, of: other, subdirectories: &reader.subdirectoryPaths)
          continue
        }
        walkWaiting = true
        pthread_cond_wait(walkWakes, mutex)
        walkWaiting = false
      case .pending:
        states[id] = .taken
        return nil
      case .taken:
        return nil
      }
    }
  }

  // MARK: - Reading

  private func help() {
    var buffer = [UInt8](repeating: 0, count: DirectoryStream.bufferSize)
    buffer.withUnsafeMutableBytes { buffer in
      var reader = Reader(buffer: buffer.baseAddress!)
      while var request = nextRequest(refilling: &reader) {
        let outcome = read(&request, using: &reader)
        pthread_mutex_lock(mutex)
        publish(outcome, of: request, subdirectories: &reader.subdirectoryPaths)
        pthread_mutex_unlock(mutex)
      }
    }
  }

  /// Stores what was read, numbering and queueing its subdirectories,
  /// whose paths it takes.
  ///
  /// With it, so that the walk, which may take it at once and descend,
  /// finds them known. Call with the lock held.
  private func publish(
    _ outcome: Outcome, of request: Request, subdirectories: inout [[UInt8]?]
  ) {
    if let error = outcome.error, error == .tooManyOpenFiles || error == .tooManyOpenFilesInSystem {
      // Out of descriptors: the walk opens it, with its own remedy.
      states[request.id] = .pending
      subdirectories.removeAll(keepingCapacity: true)
    } else {
      outcome.subdirectories = enqueue(
        &subdirectories, depth: request.depth + 1, leavingFirst: false)
      readDirectories += 1
      readEntries += outcome.batch?.list.count ?? 0
      states[request.id] = .read(outcome)
    }
    if walkWaiting { pthread_cond_signal(walkWakes) }
  }

  /// Numbers `paths` one after the other and queues them, the first on
  /// top, leaving `paths` empty.
  ///
  /// One too long to open whole (`nil`), and with `leavingFirst` the
  /// first, is numbered as taken and not queued: the walk reads it itself.
  /// Call with the lock held.
  private func enqueue(_ paths: inout [[UInt8]?], depth: Int, leavingFirst: Bool) -> Range<Int> {
    let first = states.count
    for (index, path) in paths.enumerated() {
      states.append(path == nil || (leavingFirst && index == 0) ? .taken : .pending)
    }
    var added = false
    for index in paths.indices.reversed() where !(leavingFirst && index == 0) {
      guard let path = paths[index].take() else { continue }
      stack.append(Request(id: first + index, path: path, depth: depth))
      added = true
    }
    paths.removeAll(keepingCapacity: true)
    if added && helperWaiting { pthread_cond_signal(helperWakes) }
    return first..<states.count
  }

  /// The top request nobody has begun, marked as being read.
  ///
  /// Call with the lock held.
  private func popPending() -> Request? {
    while let request = stack.popLast() {
      if case .pending = states[request.id] {
        states[request.id] = .reading
        return request
      }
    }
    return nil
  }

  /// The top request nobody has begun, once there is room for it; `nil`
  /// when stopped.
  ///
  /// Gives `reader` a spare outcome to fill, when there is one.
  private func nextRequest(refilling reader: inout Reader) -> Request? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if reader.spare == nil { reader.spare = spareOutcomes.popLast() }
    while !stopped {
      if readDirectories < Self.directoryLimit && readEntries < Self.entryLimit,
        let request = popPending()
      {
        return request
      }
      helperWaiting = true
      pthread_cond_wait(helperWakes, mutex)
      helperWaiting = false
    }
    return nil
  }
}

/// What a walk produces, in output order.
enum WalkEvent: Sendable {
  /// Rows to write: the entries at `range` of `listing`.
  case rows(Listing, Range<Int>)
  /// A failure to report, and the exit status it earns.
  case failure(SystemError, ExitStatus)
  /// A directory that is already being listed higher up the path: a loop.
  case loop([UInt8])
  /// Memory ran out; the walk stops here and so does lsrows.
  case exhausted
}

/// Walks one directory operand depth first, in pre-order: each directory's
/// row, then its contents, siblings in the sort order.
///
/// The walk holds one open directory per level only while the descriptor
/// budget allows; deeper than that, the oldest levels are closed (after
/// reading what is left of them) and reopened through `..` or their names
/// when needed. So no depth, no path length and no `ulimit -n` stops it, and
/// memory grows with the directories on the current path, not the tree.
final class TreeWalker {
  struct Configuration: Sendable {
    var hidden: HiddenEntries
    var order: EntryOrder
    var metadata: MetadataReader
    /// How deep entries are listed: 1 lists the operand's own entries.
    var maxDepth: Int
    /// `-L`: follow symbolic links, into directories too.
    var followsSymlinks: Bool
    /// Whether rows are written as they are read (no sort, no aligned columns).
    var streams: Bool
    /// How many directories may be open at once.
    var descriptorBudget: Int
  }

  /// One directory on the current path.
  private final class Frame {
    /// Entries read and not yet written: the current batch first.
    var batches: [EntryList]
    var next = 0
    /// The open directory, while it has one.
    var stream: DirectoryStream?
    var reopened: FileDescriptor?
    var finishedReading = false
    let device: UInt64
    let inode: UInt64
    /// The name in the parent directory; the operand itself for the first.
    let name: [UInt8]
    /// How much of the walker's relative path leads to this directory.
    let relativeLength: Int
    /// The depth of this directory's entries: 1 for the operand's.
    let depth: Int
    let id: Int

    init(
      stream: DirectoryStream?, status: FileStatus, name: [UInt8], relativeLength: Int,
      depth: Int, id: Int
    ) {
      self.stream = stream
      device = status.device
      inode = status.inode
      self.name = name
      self.relativeLength = relativeLength
      self.depth = depth
      self.id = id
      batches = [EntryList()]
    }

    var descriptor: FileDescriptor? {
      stream?.descriptor ?? reopened
    }

    var isOpen: Bool {
      stream != nil || reopened != nil
    }

    func close() {
      stream = nil
      reopened?.close()
      reopened = nil
    }
  }

  private let configuration: Configuration
  private let operand: [UInt8]
  /// The operand as a prefix of paths (`ARG/`).
  private let operandPrefix: [UInt8]
  /// What rows show before their relative path: the operand prefix when
  /// several operands are listed, else nothing.
  private let displayPrefix: [UInt8]
  private let emit: ([WalkEvent]) -> Bool
  /// Events not yet handed on, and how many rows they carry.
  private var pending: [WalkEvent] = []
  private var pendingRows = 0
  private var stack: [Frame] = []
  private var relative: [UInt8] = []
  private var active = Set<DirectoryIdentity>()
  private var nextID = 1
  private var stopped = false

  private struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// Entries read from a directory, with their metadata, sorted.
  private struct Batch {
    var list = EntryList()
    var reachedEnd = false
    /// Why reading stopped early; what was read before is still listed.
    var readError: Errno?
    /// The entries whose metadata could not be read.
    var failures: [SystemError] = []
    var exhausted = false
  }

  /// A subdirectory opened and read whole; or why it could not be opened.
  private struct ReadDirectory {
    var stream: DirectoryStream?
    var status: FileStatus?
    var openError: Errno?
    var contents = Batch()
  }

  /// - Parameters:
  ///   - operand: The directory, as given.
  ///   - showsPath: Whether rows start with the operand (several operands).
  ///   - configuration: What to list and how.
  ///   - emit: Receives the events in output order, a few at a time;
  ///     returns `false` to stop.
  init(
    operand: [UInt8], showsPath: Bool, configuration: Configuration,
    emit: @escaping ([WalkEvent]) -> Bool
  ) {
    self.operand = operand
    var prefix = operand
    if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
    operandPrefix = prefix
    displayPrefix = showsPath ? prefix : []
    self.configuration = configuration
    self.emit = emit
  }

  /// Walks the whole tree, or until `emit` returns `false`.
  func walk() {
    defer { flush() }
    let stream: DirectoryStream
    let status: FileStatus
    do throws(Errno) {
      stream = try operand.withCString { name throws(Errno) in try DirectoryStream(opening: name) }
      status = try stream.descriptor.status()
    } catch {
      send(.failure(.openDirectory(operand, error), .seriousTrouble))
      return
    }
    push(
      Frame(
        stream: stream, status: status, name: operand, relativeLength: 0, depth: 1, id: takeID()))
    while !stopped, let top = stack.last {
      step(top)
    }
    for frame in stack { frame.close() }
    stack.removeAll()
  }

  // MARK: - Walking

  /// Writes the next run of `frame`'s rows, up to and including the next
  /// directory to descend into, and descends; or finishes the frame.
  private func step(_ frame: Frame) {
    guard frame.next < frame.batches[0].count else {
      if frame.batches.count > 1 {
        frame.batches.removeFirst()
        frame.next = 0
      } else if !frame.finishedReading {
        readBatch(frame)
      } else {
        pop()
      }
      return
    }
    let list = frame.batches[0]
    let start = frame.next
    var end = start
    var descendInto: Int?
    while end < list.count {
      let entry = list.entries[end]
      end += 1
      if isDescendable(entry, in: list, at: frame.depth) {
        descendInto = end - 1
        break
      }
    }
    frame.next = end
    send(.rows(Listing(list, at: location(of: frame), directoryID: frame.id), start..<end))
    if let descendInto, !stopped {
      descend(from: frame, into: list.entries[descendInto], of: list)
    }
  }

  private func isDescendable(_ entry: Entry, in list: EntryList, at depth: Int) -> Bool {
    guard depth < configuration.maxDepth, entry.kind == .directory else { return false }
    // "." and ".." are listed with -a, never walked into.
    let length = entry.nameLength
    guard length <= 2 else { return true }
    let name = list.name(of: entry)
    return !(name.allSatisfy { $0 == UInt8(ascii: ".") })
  }

  private func descend(from parent: Frame, into entry: Entry, of list: EntryList) {
    let name = Array(list.name(of: entry))
    let path = location(of: parent).pathPrefix + name
    guard let directory = descriptor(of: parent) else { return }
    var read = readDirectory(name, in: directory, pathPrefix: path + [UInt8(ascii: "/")])
    if read.openError == .tooManyOpenFiles || read.openError == .tooManyOpenFilesInSystem,
      closeEveryLevelAbove(parent)
    {
      // Out of descriptors (the parent process left many open): closing
      // the levels above made room; try once more.
      read = readDirectory(name, in: directory, pathPrefix: path + [UInt8(ascii: "/")])
    }
    guard !read.contents.exhausted else { return exhaust() }
    guard let status = read.status else {
      send(.failure(.openDirectory(path, read.openError ?? .noSuchFileOrDirectory), .minorProblem))
      return
    }
    guard !active.contains(DirectoryIdentity(device: status.device, inode: status.inode)) else {
      send(.loop(path))
      return
    }
    if let readError = read.contents.readError {
      send(.failure(.readDirectory(path, readError), .minorProblem))
    }
    for failure in read.contents.failures { send(.failure(failure, .minorProblem)) }
    relative.removeSubrange(parent.relativeLength...)
    relative.append(contentsOf: name)
    relative.append(UInt8(ascii: "/"))
    let frame = Frame(
      stream: read.stream, status: status, name: name, relativeLength: relative.count,
      depth: parent.depth + 1, id: takeID())
    frame.batches = [read.contents.list]
    frame.finishedReading = true
    push(frame, read: false)
  }

  /// Closes every open level above `frame`, reading out what is left of
  /// each first; returns whether any was closed.
  private func closeEveryLevelAbove(_ frame: Frame) -> Bool {
    var closed = false
    for level in stack where level !== frame && level.isOpen {
      while !level.finishedReading { readBatch(level) }
      level.close()
      closed = true
    }
    return closed
  }

  /// Opens a subdirectory and reads all of it: entries, their metadata,
  /// sorted.
  private func readDirectory(
    _ name: [UInt8], in directory: FileDescriptor, pathPrefix: [UInt8]
  ) -> ReadDirectory {
    var read = ReadDirectory()
    let stream: DirectoryStream
    do throws(Errno) {
      stream = try name.withCString { name throws(Errno) in
        try DirectoryStream(
          opening: name, relativeTo: directory, followingSymlink: configuration.followsSymlinks)
      }
      read.status = try stream.descriptor.status()
    } catch {
      read.openError = error
      return read
    }
    read.stream = stream
    read.contents = readEntries(from: stream, limit: .max, pathPrefix: pathPrefix)
    return read
  }

  private func push(_ frame: Frame, read: Bool = true) {
    stack.append(frame)
    active.insert(DirectoryIdentity(device: frame.device, inode: frame.inode))
    if read { readBatch(frame) }
    keepWithinDescriptorBudget()
  }

  private func pop() {
    guard let frame = stack.popLast() else { return }
    active.remove(DirectoryIdentity(device: frame.device, inode: frame.inode))
    // The parent may be closed; reopen it through ".." while this one is open.
    if let parent = stack.last, !parent.isOpen, let child = frame.descriptor,
      hasDirectoriesLeft(parent)
    {
      parent.reopened = reopen(parent, throughParentOf: child)
    }
    frame.close()
  }

  // MARK: - Reading

  /// Reads the frame's next batch (all of it, unless rows stream), with
  /// the metadata the options need, sorted.
  private func readBatch(_ frame: Frame) {
    guard let stream = frame.stream else {
      frame.finishedReading = true
      return
    }
    let batch = readEntries(
      from: stream, limit: configuration.streams ? Lister.chunkSize : .max,
      pathPrefix: location(of: frame).pathPrefix)
    frame.finishedReading = batch.reachedEnd || batch.readError != nil || batch.exhausted
    guard !batch.exhausted else { return exhaust() }
    if let error = batch.readError {
      // As ls: report the failure, then list whatever was read.
      send(
        .failure(
          .readDirectory(directoryPath(of: frame), error),
          stack.count == 1 ? .seriousTrouble : .minorProblem))
    }
    for failure in batch.failures { send(.failure(failure, .minorProblem)) }
    if frame.batches.count == 1 && frame.next >= frame.batches[0].count {
      frame.batches[0] = batch.list
      frame.next = 0
    } else {
      frame.batches.append(batch.list)
    }
  }

  /// Reads up to `limit` entries from `stream`, then what the options need
  /// about them, and sorts them.
  private func readEntries(
    from stream: DirectoryStream, limit: Int, pathPrefix: [UInt8]
  ) -> Batch {
    var batch = Batch()
    do throws(Errno) {
      batch.reachedEnd = try stream.read(
        into: &batch.list, limit: limit, keeping: configuration.hidden)
    } catch .outOfMemory {
      batch.exhausted = true
      return batch
    } catch {
      batch.readError = error
    }
    do throws(MemoryExhausted) {
      batch.failures = try configuration.metadata.read(
        &batch.list, in: stream.descriptor, pathPrefix: pathPrefix)
    } catch {
      batch.exhausted = true
      return batch
    }
    configuration.order.sort(&batch.list)
    return batch
  }

  /// Closes the oldest open directories beyond the budget, reading what is
  /// left of each first, since a directory stream cannot be resumed.
  private func keepWithinDescriptorBudget() {
    // The worker's directory is open too.
    var open = stack.filter(\.isOpen).count
    for frame in stack.dropLast() where open > configuration.descriptorBudget && frame.isOpen {
      while !frame.finishedReading { readBatch(frame) }
      frame.close()
      open -= 1
    }
  }

  /// The open descriptor of `frame`, reopening it if the budget closed it.
  private func descriptor(of frame: Frame) -> FileDescriptor? {
    if let descriptor = frame.descriptor { return descriptor }
    do {
      frame.reopened = try reopenByName(frame)
    } catch {
      send(.failure(.openDirectory(directoryPath(of: frame), error), .minorProblem))
    }
    return frame.reopened
  }

  /// Whether any entry left to write in `frame` is a directory to walk.
  private func hasDirectoriesLeft(_ frame: Frame) -> Bool {
    for (index, list) in frame.batches.enumerated() {
      let start = index == 0 ? frame.next : 0
      for entry in list.entries[start...] where isDescendable(entry, in: list, at: frame.depth) {
        return true
      }
    }
    return false
  }

  /// Opens `frame` again as the parent of its child's open directory,
  /// checking that it is the same directory (not so through a followed
  /// symlink); falls back to its names.
  private func reopen(_ frame: Frame, throughParentOf child: FileDescriptor) -> FileDescriptor? {
    if let parent = try? FileDescriptor.openDirectory("..", relativeTo: child) {
      if let status = try? parent.status(), status.device == frame.device,
        status.inode == frame.inode
      {
        return parent
      }
      parent.close()
    }
    return try? reopenByName(frame)
  }

  /// Opens `frame` again from the nearest open directory above it, one name
  /// at a time, so that no path grows longer than a name.
  ///
  /// - Throws: The failing `openat`'s error, or ENOENT when what is there
  ///   now is not the directory that was being listed.
  private func reopenByName(_ frame: Frame) throws(Errno) -> FileDescriptor {
    guard let index = stack.firstIndex(where: { $0 === frame }) else {
      throw .noSuchFileOrDirectory
    }
    var base = FileDescriptor.currentDirectory
    var start = 0
    if let open = stack[..<index].lastIndex(where: \.isOpen),
      let descriptor = stack[open].descriptor
    {
      base = descriptor
      start = open + 1
    }
    var current: FileDescriptor?
    defer { current?.close() }
    for level in start...index {
      let from = current ?? base
      let next = try stack[level].name.withCString { name throws(Errno) in
        try FileDescriptor.openDirectory(
          name, relativeTo: from, followingSymlink: configuration.followsSymlinks || level == 0)
      }
      current?.close()
      current = next
    }
    guard let reopened = current else { throw .noSuchFileOrDirectory }
    let status = try reopened.status()
    guard status.device == frame.device, status.inode == frame.inode else {
      throw .noSuchFileOrDirectory
    }
    current = nil
    return reopened
  }

  // MARK: - Paths and events

  /// Where the rows of `frame` are: their display and path prefixes.
  private func location(of frame: Frame) -> RowLocation {
    let relativePart = relative[..<frame.relativeLength]
    return RowLocation(
      displayPrefix: displayPrefix + relativePart,
      pathPrefix: operandPrefix + relativePart,
      depth: frame.depth)
  }

  /// The directory's path as messages name it.
  private func directoryPath(of frame: Frame) -> [UInt8] {
    frame.relativeLength == 0 ? operand : operandPrefix + relative[..<(frame.relativeLength - 1)]
  }

  /// Ends the walk for want of memory: what was queued goes first, then
  /// the event that stops lsrows.
  private func exhaust() {
    send(.exhausted)
    flush()
    stopped = true
  }

  private func takeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Queues an event; they go on in groups of about a chunk of rows, so
  /// that a tree of small directories does not wake the writing thread
  /// once per directory.
  private func send(_ event: WalkEvent) {
    guard !stopped else { return }
    pending.append(event)
    if case .rows(_, let range) = event { pendingRows += range.count }
    if pendingRows >= Lister.chunkSize || pending.count >= 256 {
      flush()
    }
  }

  private func flush() {
    guard !pending.isEmpty, !stopped else { return }
    // Hand the buffer over and start a new one. Reusing it (keeping its
    // capacity) would rely on a uniqueness check that does not order this
    // thread's writes after the consumer's reads: a data race to
    // ThreadSanitizer, and to the memory model.
    var batch: [WalkEvent] = []
    swap(&batch, &pending)
    pendingRows = 0
    if !emit(batch) { stopped = true }
  }
}

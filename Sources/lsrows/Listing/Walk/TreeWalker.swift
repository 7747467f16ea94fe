// The walk's parts, and how one step goes.
//
//   BackgroundWalk ─ runs the walk here, or on a ProducerThread when reading
//   │                can overlap writing, and hands its events to the Lister
//   TreeWalker ───── one operand, depth first: `next()` gives the next group
//   │                of WalkEvents (rows, failures, loops) in output order
//   ├─ OpenDirectories     the WalkFrames on the current path, and the budget
//   │                      of open descriptors (closes the oldest, reopens)
//   ├─ DirectoryBatchReader  names, then metadata, then the sort: a
//   │                      DirectoryBatch; a large directory not walked below
//   │                      in sorted chunks (ChunkMerge, MergedBatches)
//   ├─ DirectoryPrefetch   a helper thread reading ahead (the mechanism)...
//   │  └─ PrefetchSchedule ...of which directory is read when (the policy)
//   └─ HandOffBuffer       events gathered into groups for the writer
//
// A step writes the top frame's rows up to its next subdirectory, then
// enters that subdirectory, one way for all:
//
//   read ahead? ──yes──► the prefetch's outcome (read by the helper, or read
//       │                here by its path while the helper reads another)
//       │no, path too long, or no descriptor left
//       ▼
//   opened from the parent's descriptor (levels above closed if need be)
//       ▼
//   enter: a loop or another file system stops here; else a new frame is
//   pushed with the subdirectory's entries, its own subdirectories queued.

/// Walks one directory operand depth first, in pre-order: each directory's
/// row, then its contents, siblings in the sort order.
///
/// Memory grows with the directories on the current path, not with the
/// tree; ``OpenDirectories`` keeps the number of open descriptors bounded.
/// Events come out of ``next()`` in groups, in output order.
final class TreeWalker: BatchProducer {
  let configuration: WalkConfiguration
  private let paths: WalkPaths
  private var operand: [UInt8] { paths.operand }
  private var operandPrefix: [UInt8] { paths.operandPrefix }
  private let walkNumber: Int
  /// Reads subdirectories ahead on a second thread, during `-R`.
  var prefetch: DirectoryPrefetch?
  var events: HandOffBuffer<WalkEvent>
  private let directories: OpenDirectories
  /// The path from the operand to the top directory, `/`-terminated.
  private var relative: [UInt8] = []
  private var directoriesEntered = 0
  /// The operand's file system, for `--one-file-system`.
  private var rootDevice: UInt64 = 0
  private var hasBegun = false
  private var hasEnded = false
  /// The buffer every subdirectory is read into, one after the other.
  private let subdirectoryBuffer: UnsafeMutableRawPointer
  /// What the walk reads the prefetch's directories with, in that buffer.
  ///
  /// Stored, not lazy: a lazy property is lent out as a copy, and
  /// appending to the copy's paths copied the array for every directory.
  var prefetchReader: DirectoryPrefetch.Reader

  /// - Parameters:
  ///   - operand: The directory, as given.
  ///   - walkNumber: Which directory operand this is (1 for the first).
  ///   - showsPath: Whether rows start with the operand (several operands).
  ///   - isImplicit: Whether the operand is the `.` of no PATH given.
  ///   - configuration: What to list and how.
  init(
    operand: [UInt8], walkNumber: Int, showsPath: Bool, isImplicit: Bool = false,
    configuration: WalkConfiguration
  ) {
    paths = WalkPaths(operand: operand, showsPath: showsPath, isImplicit: isImplicit)
    subdirectoryBuffer = UnsafeMutableRawPointer.allocate(
      byteCount: DirectoryStream.bufferSize, alignment: 8)
    prefetchReader = DirectoryPrefetch.Reader(buffer: subdirectoryBuffer)
    self.walkNumber = walkNumber
    self.configuration = configuration
    events = HandOffBuffer(weightLimit: configuration.rowsPerHandOff, countLimit: 256)
    directories = OpenDirectories(
      budget: configuration.descriptorBudget, followsSymlinks: configuration.followsSymlinks)
  }

  deinit {
    end()
    subdirectoryBuffer.deallocate()
  }

  /// The next group of events, in output order; `nil` once the walk is over.
  func next() -> [WalkEvent]? {
    if !hasBegun { begin() }
    while !events.hasGroup && !hasEnded {
      if !events.isStopped, let top = directories.top {
        step(top)
      } else {
        end()
      }
    }
    return events.takeGroup()
  }

  /// Opens the operand and reads its first batch.
  private func begin() {
    hasBegun = true
    let stream: DirectoryStream
    let status: FileStatus
    do throws(Errno) {
      stream = try operand.withCString { name throws(Errno) in try DirectoryStream(opening: name) }
      status = try stream.descriptor.status()
    } catch {
      send(.failure(.openDirectory(operand, error), FailureSeverity.of(failureAt: 1)))
      return
    }
    rootDevice = status.device
    if configuration.readsAhead {
      prefetch = DirectoryPrefetch(
        DirectoryPrefetch.Walk(configuration: configuration, paths: paths, rootDevice: rootDevice))
    }
    directories.push(
      WalkFrame(
        stream: stream, status: status, name: operand[...], relativeLength: 0, depth: 1,
        id: nextDirectoryID(), location: location(depth: 1),
        countsEntries: configuration.countsEntries))
    readBatch(directories.top!)
  }

  /// Stops the helper, closes what is open, and hands over what is pending.
  private func end() {
    guard !hasEnded else { return }
    hasEnded = true
    prefetch?.stop()
    prefetch = nil
    directories.removeAll()
    events.flush()
  }

  // MARK: - Walking

  /// Writes the next run of `frame`'s rows, up to and including the next
  /// directory to descend into, and descends; or finishes the frame.
  private func step(_ frame: WalkFrame) {
    guard !frame.isCurrentBatchDone, let listing = frame.current else {
      if frame.advance() {
        return
      } else if !frame.finishedReading {
        readBatch(frame)
      } else {
        directories.pop(needsParent: hasDirectoriesLeft)
      }
      return
    }
    let start = frame.next
    var end = start
    var descendInto: Int?
    let depth = frame.depth
    // Read in place: a copy of the list retained each of its arrays.
    listing.storage.names.withUnsafeBufferPointer { names in
      listing.storage.entries.withUnsafeBufferPointer { entries in
        while end < entries.count {
          end += 1
          if isDescendable(entries[end - 1], names, at: depth) {
            descendInto = end - 1
            break
          }
        }
      }
    }
    frame.next = end
    guard let descendInto, !events.isStopped else {
      return send(.rows(listing, start..<end))
    }
    let entry = listing.storage.entries[descendInto]
    // Filled in place and entered from here: wrapped in an optional or
    // passed by value, its optionals were copied through generic code.
    var child = Child(name: listing.storage.name(of: entry))
    if configuration.countsEntries {
      // The subdirectory's row shows how many entries it holds: it is
      // read before the row is handed on, and counted as it is read.
      let reached = reach(from: frame, into: entry, of: listing, filling: &child)
      if reached, let count = child.entryCount {
        listing.walkedEntryCounts?.record(count, of: entry.index)
      }
      send(.rows(listing, start..<end))
      if reached { enter(&child, from: frame, of: listing) }
    } else {
      send(.rows(listing, start..<end))
      if reach(from: frame, into: entry, of: listing, filling: &child) {
        enter(&child, from: frame, of: listing)
      }
    }
  }

  private func isDescendable(
    _ entry: Entry, _ names: UnsafeBufferPointer<UInt8>, at depth: Int
  ) -> Bool {
    depth < configuration.maxDepth && entry.kind == .directory && !entry.isDotOrDotDot(in: names)
  }

  /// A subdirectory reached, to be entered or not; filled in place, as it
  /// is large enough that copying it costs.
  private struct Child {
    /// The name in the parent's listing.
    var name: ArraySlice<UInt8> = []
    var status: FileStatus?
    var error: Errno?
    /// Opened from its parent's descriptor (and read into the lent buffer).
    var stream: DirectoryStream?
    /// Read by its path, by the helper or here through the prefetch.
    var outcome: DirectoryPrefetch.Outcome?
    /// Its entries, read: `nil` when it is not to be entered.
    var batch: DirectoryBatch?
    var location: RowLocation?
    /// Whether its subdirectories are numbered already (the helper read it).
    var isQueued = false
    /// What it is when reached.
    var disposition = Disposition.failed

    enum Disposition {
      /// It could not be opened: `error` says why.
      case failed
      /// It is a directory being listed higher up the path.
      case loop
      /// It is on another file system (`--one-file-system`): listed only.
      case otherFileSystem
      /// It is to be entered, its entries in `batch`.
      case entered
    }

    /// How many entries it holds, when it was read or counted.
    var entryCount: Int?
  }

  /// Opens and reads the subdirectory `entry` of `listing`, read ahead or
  /// opened from its parent, without entering it, into `child`.
  ///
  /// `child` arrives holding the name in the parent's listing, which
  /// shares the list's bytes (a NUL follows it): read through the listing,
  /// not a copy of its list, which retained each of the list's arrays and
  /// tables.
  ///
  /// - Returns: `false` when the parent could not be opened again (which
  ///   is reported here).
  private func reach(
    from parent: WalkFrame, into entry: Entry, of listing: Listing, filling child: inout Child
  ) -> Bool {
    if let prefetch, readAhead(child.name, below: parent, with: prefetch, into: &child) {
      // Read by its path.
    } else if !openFromParent(entry, of: listing, below: parent, into: &child) {
      return false
    }
    guard let status = child.status else { return true }
    if directories.contains(DirectoryIdentity(status)) {
      child.disposition = .loop
    } else if configuration.staysOnFileSystem, status.device != rootDevice {
      child.disposition = .otherFileSystem
    } else if let stream = child.stream {
      extendRelativePath(to: child.name, below: parent)
      let location = location(depth: parent.depth + 1)
      // Read whole, in the lent buffer: its rows wait for its parent's anyway.
      child.batch = configuration.reader.read(from: stream, limit: .max, at: location)
      child.location = location
      child.disposition = .entered
    } else if let outcome = child.outcome {
      extendRelativePath(to: child.name, below: parent)
      child.batch = outcome.batch.take()
      child.location = outcome.location ?? location(depth: parent.depth + 1)
      child.disposition = child.batch == nil ? .otherFileSystem : .entered
    }
    if configuration.countsEntries {
      child.entryCount = child.batch?.entryCount ?? countEntries(of: child, below: parent)
    }
    return true
  }

  /// Counts the entries of a subdirectory that is not entered (a loop, a
  /// mount point): it is read for that alone.
  private func countEntries(of child: Child, below parent: WalkFrame) -> Int? {
    if let stream = child.stream { return try? stream.countEntries() }
    let path = parent.location.pathPrefix + child.name
    return try? path.withCString { path throws(Errno) in
      try DirectoryStream(opening: path, followingSymlink: configuration.followsSymlinks)
        .countEntries()
    }
  }

  /// Enters a subdirectory reached, or reports why it is not entered.
  private func enter(_ child: inout Child, from parent: WalkFrame, of listing: Listing) {
    let name = child.name
    switch child.disposition {
    case .failed:
      send(
        .failure(
          .openDirectory(parent.location.pathPrefix + name, child.error ?? .noSuchFileOrDirectory),
          FailureSeverity.entry))
      return
    case .loop:
      send(.loop(parent.location.pathPrefix + name))
      return
    case .otherFileSystem:
      // --one-file-system: a mount point is listed, not entered.
      return
    case .entered:
      break
    }
    guard let status = child.status, let batch = child.batch.take(), let location = child.location
    else { return }
    let depth = parent.depth + 1
    let frame = WalkFrame(
      stream: child.stream, status: status, name: name, of: listing,
      relativeLength: relative.count, depth: depth, id: nextDirectoryID(), location: location,
      countsEntries: configuration.countsEntries)
    directories.push(frame)
    if let prefetch, child.outcome != nil {
      frame.subdirectories.append(
        child.isQueued
          ? child.outcome?.subdirectories ?? 0..<0
          : prefetch.queueSubdirectories(
            of: batch.list, at: location.pathPrefix, depth: depth, using: &prefetchReader))
    }
    receive(consume batch, into: frame)
    if child.stream != nil { directories.keepWithinBudget(readOut: readOut) }
  }

  /// Reaches the subdirectory `name` through the prefetch: what the helper
  /// read, or read here by its path.
  ///
  /// - Returns: `false` when it must be opened from its parent instead: its
  ///   path is too long to open whole, or no descriptor was left.
  private func readAhead(
    _ name: ArraySlice<UInt8>, below parent: WalkFrame, with prefetch: DirectoryPrefetch,
    into child: inout Child
  ) -> Bool {
    let id = parent.subdirectories.next() ?? PrefetchSchedule<DirectoryPrefetch.Outcome>.unrequested
    var outcome = prefetch.take(id, using: &prefetchReader)
    child.isQueued = outcome != nil
    if outcome == nil {
      let prefix = parent.location.pathPrefix
      guard paths.isShortEnough(prefix.count + name.count) else { return false }
      var path = DirectoryPrefetch.requestPath(prefix, name)
      outcome = prefetch.read(path: &path, depth: parent.depth + 1, using: &prefetchReader)
    }
    guard let outcome else { return false }
    // Handed back at the walk's next take, to be filled again.
    prefetchReader.finished = outcome
    if let error = outcome.error, error.isOutOfDescriptors { return false }
    child.status = outcome.status
    child.error = outcome.error
    child.outcome = outcome
    return true
  }

  /// Opens the subdirectory `entry` from its parent's descriptor; when no
  /// descriptor is left, closes the levels above (reading each out) and
  /// tries once more.
  ///
  /// - Returns: `false` when the parent could not be opened again (that is
  ///   reported here).
  private func openFromParent(
    _ entry: Entry, of listing: Listing, below parent: WalkFrame, into child: inout Child
  ) -> Bool {
    let directory: FileDescriptor
    do {
      directory = try directories.descriptor(of: parent)
    } catch {
      send(.failure(.openDirectory(directoryPath(of: parent), error), FailureSeverity.entry))
      return false
    }
    open(entry, of: listing.storage, in: directory, into: &child)
    if let error = child.error, error.isOutOfDescriptors,
      directories.closeAll(except: parent, readOut: readOut)
    {
      // Out of descriptors (the parent process left many open): closing
      // the levels above made room; try once more.
      open(entry, of: listing.storage, in: directory, into: &child)
    }
    return true
  }

  /// Opens the subdirectory `entry` of `list`, read from the open `directory`.
  private func open(
    _ entry: Entry, of list: EntryList, in directory: FileDescriptor, into child: inout Child
  ) {
    do throws(Errno) {
      let stream = try list.withCName(of: entry) { name throws(Errno) in
        try DirectoryStream(
          opening: name, relativeTo: directory, followingSymlink: configuration.followsSymlinks,
          lentBuffer: subdirectoryBuffer)
      }
      child.status = try stream.descriptor.status()
      child.stream = stream
      child.error = nil
    } catch {
      child.error = error
    }
  }

  /// Whether any entry left to write in `frame` is a directory to walk.
  private func hasDirectoriesLeft(_ frame: WalkFrame) -> Bool {
    func hasDirectories(_ listing: Listing?, from start: Int) -> Bool {
      guard let list = listing?.storage else { return false }
      return list.names.withUnsafeBufferPointer { names in
        list.entries[start...].contains { isDescendable($0, names, at: frame.depth) }
      }
    }
    return hasDirectories(frame.current, from: frame.next)
      || frame.queued.contains { hasDirectories($0, from: 0) }
  }

  // MARK: - Paths and events

  /// Makes the relative path that of `name` in `parent`.
  private func extendRelativePath(to name: ArraySlice<UInt8>, below parent: WalkFrame) {
    relative.removeSubrange(parent.relativeLength...)
    relative.append(contentsOf: name)
    relative.append(UInt8(ascii: "/"))
  }

  /// Where the rows of the directory at the end of the relative path are.
  private func location(depth: Int) -> RowLocation {
    paths.location(relative: relative, depth: depth)
  }

  /// The directory's path as messages name it.
  func directoryPath(of frame: WalkFrame) -> [UInt8] {
    frame.relativeLength == 0 ? operand : operandPrefix + relative[..<(frame.relativeLength - 1)]
  }

  private func nextDirectoryID() -> DirectoryID {
    directoriesEntered += 1
    return DirectoryID(walk: walkNumber, directory: directoriesEntered)
  }

  /// Ends the walk for want of memory: what was queued goes first, then
  /// the event that stops lsrows.
  func exhaust() {
    send(.exhausted)
    events.stop()
  }

  func send(_ event: WalkEvent) {
    events.append(event, weight: event.rowCount)
  }
}

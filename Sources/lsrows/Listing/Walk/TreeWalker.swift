/// Walks one directory operand depth first, in pre-order: each directory's
/// row, then its contents, siblings in the sort order.
///
/// Memory grows with the directories on the current path, not with the
/// tree; ``OpenDirectories`` keeps the number of open descriptors bounded.
/// Events go out through a ``HandOffBuffer``, in output order.
final class TreeWalker {
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
  ///   - configuration: What to list and how.
  ///   - emit: Receives the events in output order, a group at a time;
  ///     returns `false` to stop the walk.
  init(
    operand: [UInt8], walkNumber: Int, showsPath: Bool, configuration: WalkConfiguration,
    emit: @escaping ([WalkEvent]) -> Bool
  ) {
    paths = WalkPaths(operand: operand, showsPath: showsPath)
    subdirectoryBuffer = UnsafeMutableRawPointer.allocate(
      byteCount: DirectoryStream.bufferSize, alignment: 8)
    prefetchReader = DirectoryPrefetch.Reader(buffer: subdirectoryBuffer)
    self.walkNumber = walkNumber
    self.configuration = configuration
    events = HandOffBuffer(
      weightLimit: configuration.rowsPerHandOff, countLimit: 256, handOff: emit)
    directories = OpenDirectories(
      budget: configuration.descriptorBudget, followsSymlinks: configuration.followsSymlinks)
  }

  deinit {
    subdirectoryBuffer.deallocate()
  }

  /// Walks the whole tree, or until the consumer stops taking events.
  func walk() {
    defer {
      prefetch?.stop()
      prefetch = nil
      events.flush()
    }
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
        id: nextDirectoryID(), location: location(depth: 1)))
    readBatch(directories.top!)
    while !events.isStopped, let top = directories.top {
      step(top)
    }
    directories.removeAll()
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
    send(.rows(listing, start..<end))
    if let descendInto, !events.isStopped {
      descend(from: frame, into: listing.storage.entries[descendInto], of: listing)
    }
  }

  private func isDescendable(
    _ entry: Entry, _ names: UnsafeBufferPointer<UInt8>, at depth: Int
  ) -> Bool {
    depth < configuration.maxDepth && entry.kind == .directory && !entry.isDotOrDotDot(in: names)
  }

  private func descend(from parent: WalkFrame, into entry: Entry, of listing: Listing) {
    // The name shares the list's bytes, which hold a NUL after it. Read
    // through the listing, not a copy of its list, which retained each of
    // the list's arrays and tables.
    let name = listing.storage.name(of: entry)
    if let prefetch, descendPrefetched(from: parent, into: name, of: listing, with: prefetch) {
      return
    }
    func path() -> [UInt8] { parent.location.pathPrefix + name }
    let directory: FileDescriptor
    do {
      directory = try directories.descriptor(of: parent)
    } catch {
      send(.failure(.openDirectory(directoryPath(of: parent), error), FailureSeverity.entry))
      return
    }
    var opened = open(entry, of: listing.storage, in: directory)
    if let error = opened.error, error == .tooManyOpenFiles || error == .tooManyOpenFilesInSystem,
      directories.closeAll(except: parent, readOut: readOut)
    {
      // Out of descriptors (the parent process left many open): closing
      // the levels above made room; try once more.
      opened = open(entry, of: listing.storage, in: directory)
    }
    guard let stream = opened.stream, let status = opened.status else {
      let error = opened.error ?? .noSuchFileOrDirectory
      send(.failure(.openDirectory(path(), error), FailureSeverity.entry))
      return
    }
    guard !directories.contains(DirectoryIdentity(status)) else {
      send(.loop(path()))
      return
    }
    // --one-file-system: a mount point is listed, not entered.
    if configuration.staysOnFileSystem, status.device != rootDevice { return }
    enter(name, below: parent)
    let frame = WalkFrame(
      stream: stream, status: status, name: name, of: listing, relativeLength: relative.count,
      depth: parent.depth + 1, id: nextDirectoryID(), location: location(depth: parent.depth + 1))
    directories.push(frame)
    // A subdirectory is read whole, in the lent buffer: its rows wait for
    // its parent's anyway.
    receive(configuration.reader.read(from: stream, limit: .max, at: frame.location), into: frame)
    directories.keepWithinBudget(readOut: readOut)
  }

  /// Descends into `name` through the prefetch: what the helper read, or
  /// read here by its path.
  ///
  /// - Returns: `false` when the usual way must be taken instead: the path
  ///   is too long to open whole, or no descriptor was left.
  private func descendPrefetched(
    from parent: WalkFrame, into name: ArraySlice<UInt8>, of listing: Listing,
    with prefetch: DirectoryPrefetch
  ) -> Bool {
    let depth = parent.depth + 1
    let id = parent.subdirectories.next() ?? DirectoryPrefetch.unrequested
    var outcome = prefetch.take(id, using: &prefetchReader)
    let readHere = outcome == nil
    if readHere {
      let prefix = parent.location.pathPrefix
      guard paths.isShortEnough(prefix.count + name.count) else { return false }
      var path = DirectoryPrefetch.requestPath(prefix, name)
      outcome = prefetch.read(path: &path, depth: depth, using: &prefetchReader)
    }
    guard let outcome else { return false }
    defer { prefetchReader.finished = outcome }
    if let error = outcome.error, error == .tooManyOpenFiles || error == .tooManyOpenFilesInSystem {
      return false
    }
    guard let status = outcome.status else {
      let error = outcome.error ?? .noSuchFileOrDirectory
      send(
        .failure(.openDirectory(parent.location.pathPrefix + name, error), FailureSeverity.entry))
      return true
    }
    guard !directories.contains(DirectoryIdentity(status)) else {
      send(.loop(parent.location.pathPrefix + name))
      return true
    }
    // --one-file-system: a mount point is listed, not entered.
    guard let batch = outcome.batch.take() else { return true }
    enter(name, below: parent)
    let frame = WalkFrame(
      stream: nil, status: status, name: name, of: listing, relativeLength: relative.count,
      depth: depth,
      id: nextDirectoryID(), location: outcome.location ?? location(depth: depth))
    directories.push(frame)
    frame.subdirectories.append(
      readHere
        ? prefetch.queueSubdirectories(
          of: batch.list, at: frame.location.pathPrefix, depth: depth, using: &prefetchReader)
        : outcome.subdirectories)
    receive(consume batch, into: frame)
    return true
  }

  /// Opens the subdirectory `entry` of `list`, read from the open `directory`.
  private func open(
    _ entry: Entry, of list: EntryList, in directory: FileDescriptor
  ) -> (stream: DirectoryStream?, status: FileStatus?, error: Errno?) {
    do throws(Errno) {
      let stream = try list.withCName(of: entry) { name throws(Errno) in
        try DirectoryStream(
          opening: name, relativeTo: directory, followingSymlink: configuration.followsSymlinks,
          lentBuffer: subdirectoryBuffer)
      }
      return (stream, try stream.descriptor.status(), nil)
    } catch {
      return (nil, nil, error)
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
  private func enter(_ name: ArraySlice<UInt8>, below parent: WalkFrame) {
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
    events.flush()
    events.stop()
  }

  func send(_ event: WalkEvent) {
    events.append(event, weight: event.rowCount)
  }
}

/// How the walk reaches a subdirectory and enters it: read ahead by the
/// prefetch or opened from its parent, then a new frame, or a loop, a
/// mount point or a failure reported.
extension TreeWalker {
  /// A subdirectory reached, to be entered or not; filled in place, as it
  /// is large enough that copying it costs.
  struct Child {
    /// The name in the parent's listing.
    var name: ArraySlice<UInt8> = []
    var identity: DirectoryIdentity?
    var error: Errno?
    /// Opened from its parent's descriptor, into the walk's
    /// ``TreeWalker/subdirectoryStream``.
    var isOpenedFromParent = false
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
  func reach(
    from parent: WalkFrame, into entry: Entry, of listing: Listing, filling child: inout Child
  ) -> Bool {
    releaseWritten()
    if let prefetch, readAhead(child.name, below: parent, with: prefetch, into: &child) {
      // Read by its path.
    } else if prefetch == nil && configuration.readsAhead {
      // No prefetch yet, as subtrees are listed on a second thread: it
      // starts if opening turns out slow.
      let isTimed = opensUntilTimed == 0
      let started = isTimed ? MonotonicClock.nanoseconds() : 0
      guard openFromParent(entry, of: listing, below: parent, into: &child) else { return false }
      if isTimed { recordOpening(since: started) } else { opensUntilTimed -= 1 }
    } else if !openFromParent(entry, of: listing, below: parent, into: &child) {
      return false
    }
    guard let identity = child.identity else { return true }
    if directories.contains(identity) {
      child.disposition = .loop
    } else if configuration.staysOnFileSystem, identity.device != rootDevice {
      child.disposition = .otherFileSystem
    } else if child.isOpenedFromParent {
      extendRelativePath(to: child.name, below: parent)
      let location = location(depth: parent.depth + 1)
      // Read whole, in the lent buffer: its rows wait for its parent's anyway.
      child.batch = configuration.reader.read(
        from: subdirectoryStream, limit: .max, at: location,
        entering: entering(child.name, below: parent))
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
  func countEntries(of child: Child, below parent: WalkFrame) -> Int? {
    if child.isOpenedFromParent { return try? subdirectoryStream.countEntries() }
    let path = parent.location.pathPrefix + child.name
    return try? path.withCString { path throws(Errno) in
      try DirectoryStream(opening: path, followingSymlink: configuration.followsSymlinks)
        .countEntries()
    }
  }

  /// Enters a subdirectory reached, or reports why it is not entered.
  func enter(_ child: inout Child, from parent: WalkFrame, of listing: Listing) {
    let name = child.name
    // The frame keeps the descriptor; that of one not entered is closed.
    var descriptor = child.isOpenedFromParent ? subdirectoryStream.detachDescriptor() : nil
    defer { descriptor?.close() }
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
    guard let identity = child.identity, let batch = child.batch.take(),
      let location = child.location
    else { return }
    for failure in batch.ignoreScope?.failures ?? [] {
      send(.failure(failure, FailureSeverity.entry))
    }
    let depth = parent.depth + 1
    // The name keeps the parent's entries alive on its own: a frame that
    // parks lets go of its listing, with its path.
    let frame = WalkFrame(
      descriptor: descriptor.take(), identity: identity, name: name,
      of: parent.parksWhileBelow ? nil : listing,
      relativeLength: relative.count, depth: depth, id: nextDirectoryID(), location: location,
      ignoreScope: batch.ignoreScope, countsEntries: configuration.countsEntries)
    directories.push(frame)
    // Opened from its parent, it is numbered too: reads ahead began since
    // its parent was entered (``startReadingAhead()``), or its path is too
    // long to read by (each of its subdirectories is then numbered as
    // read, and opened from it).
    if let prefetch {
      frame.subdirectories.append(
        child.isQueued
          ? child.outcome?.subdirectories ?? 0..<0
          : prefetch.queueSubdirectories(
            of: batch.list, at: location, ruledBy: batch.ignoreScope, using: &prefetchReader))
    }
    receive(consume batch, into: frame)
    if child.isOpenedFromParent { directories.keepWithinBudget(readOut: readOut) }
  }

  /// Reaches the subdirectory `name` through the prefetch: what the helper
  /// read, or read here by its path.
  ///
  /// - Returns: `false` when it must be opened from its parent instead: its
  ///   path is too long to open whole, or no descriptor was left.
  func readAhead(
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
      outcome = prefetch.read(
        path: &path, depth: parent.depth + 1, parentScope: parent.ignoreScope,
        using: &prefetchReader)
    }
    guard let outcome else { return false }
    // Handed back at the walk's next take, to be filled again.
    prefetchReader.finished = outcome
    if let error = outcome.error, error.isOutOfDescriptors { return false }
    child.identity = outcome.identity
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
  func openFromParent(
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
  func open(
    _ entry: Entry, of list: EntryList, in directory: FileDescriptor, into child: inout Child
  ) {
    do throws(Errno) {
      try list.withCName(of: entry) { name throws(Errno) in
        try subdirectoryStream.reopen(
          name, relativeTo: directory, followingSymlink: configuration.followsSymlinks)
      }
      child.identity = try subdirectoryStream.descriptor.identity()
      child.isOpenedFromParent = true
      child.error = nil
    } catch {
      subdirectoryStream.close()
      child.error = error
    }
  }

  /// Whether the walk enters subdirectories of `frame`: it is above the
  /// depth limit.
  func walksBelow(_ frame: WalkFrame) -> Bool {
    frame.depth < configuration.maxDepth
  }

  /// Whether any entry left to write in `frame` is a directory to walk.
  func hasDirectoriesLeft(_ frame: WalkFrame) -> Bool {
    guard walksBelow(frame) else { return false }
    return frame.currentEntries?.firstEnterable(from: frame.next) != nil
      || frame.queued.contains { $0.firstEnterable(from: 0) != nil }
  }
}

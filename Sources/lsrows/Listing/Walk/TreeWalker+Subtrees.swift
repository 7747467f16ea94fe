/// How a walk lists subtrees on a second thread (``SubtreeSplitter``): the
/// claims of the operand's walk, the beginning of a subtree's own walk,
/// and the prefetch that takes over when the file system is slow.
extension TreeWalker {
  /// Claims for the worker the next subtree this walk would reach
  /// (``claim()``).
  func claimSubtree(for subtrees: SubtreeScheduler) {
    let splitter = subtrees.splitter
    guard let (frame, index, start) = claim() else { return }
    frame.claims.append((index, splitter.claim(start, for: subtrees)))
  }

  /// On the worker, answers the writing thread, which asked for part of
  /// this subtree: the next subtree this walk would reach (``claim()``),
  /// or `nil`.
  func handOver(to asker: SubtreeJob) {
    if let (frame, index, start) = claim() {
      let job = SubtreeJob(start, scheduler: asker.scheduler, isBounded: false)
      frame.claims.append((index, job))
      send(.handOver(job))
    } else {
      send(.handOver(nil))
    }
    // Answered at once, not after a group of rows.
    events.flush()
  }

  /// The first subdirectory not yet claimed after the next entry of the
  /// shallowest directory on the path that has one: the next sibling of
  /// the subtree this walk is in, as high as there is one.
  ///
  /// Near enough that the walk reaches it soon, so the rows listed
  /// elsewhere wait little and the bounded output of the other thread
  /// seldom fills; high enough to be large. Each directory's entries are
  /// looked at for claims once, from where the walk is, so claiming costs
  /// a step per entry at most.
  private func claim() -> (frame: WalkFrame, index: Int, start: SubtreeStart)? {
    // A walk that reads ahead has numbered its subdirectories for the
    // prefetch, in the order it enters them: one listed elsewhere would
    // take the next one's number.
    guard prefetch == nil else { return nil }
    for frame in directories.frames {
      guard let listing = frame.current, frame.finishedReading, frame.queued.isEmpty,
        frame.merged == nil
      else { continue }
      let from = max(frame.claimCursor ?? frame.next, frame.next)
      guard from < listing.count else { continue }
      let found = walksBelow(frame) ? listing.firstEnterable(from: from) : nil
      frame.claimCursor = (found ?? listing.count - 1) + 1
      guard let found else { continue }
      let name = listing.storage.name(of: listing.storage.entries[found])
      let prefix = frame.location.pathPrefix
      // A path too long to open whole is left to this walk, which opens
      // it from its parent.
      guard paths.isShortEnough(prefix.count + name.count) else { continue }
      var subtreeRelative = Array(relative[..<frame.relativeLength])
      subtreeRelative.append(contentsOf: name)
      subtreeRelative.append(UInt8(ascii: "/"))
      var ancestors = subtree?.ancestors ?? []
      for above in directories.frames {
        ancestors.append(above.identity)
        if above === frame { break }
      }
      let start = SubtreeStart(
        openPath: prefix + name + [0], relative: subtreeRelative,
        depth: frame.depth + 1, ancestors: ancestors, rootDevice: rootDevice,
        parentScope: frame.ignoreScope,
        firstDirectoryNumber: SubtreeStart.firstDirectoryNumber())
      return (frame, found, start)
    }
    return nil
  }

  /// Opens and reads the subtree's directory, and makes it the first
  /// frame; or reports why it is not entered, as the walk that claimed it
  /// would have.
  func begin(_ start: SubtreeStart) {
    let stream: DirectoryStream
    let identity: DirectoryIdentity
    let started = MonotonicClock.nanoseconds()
    do throws(Errno) {
      stream = try start.openPath.withUnsafeBufferPointer { path throws(Errno) in
        try path.withMemoryRebound(to: CChar.self) { path throws(Errno) in
          try DirectoryStream(
            opening: path.baseAddress!, followingSymlink: configuration.followsSymlinks)
        }
      }
      identity = try stream.descriptor.identity()
    } catch {
      return send(.failure(.openDirectory(Array(start.path), error), FailureSeverity.entry))
    }
    if slowness?.isSlow == true {
      startPrefetch(operandIsSlow: true)
    } else if configuration.readsAhead {
      recordOpening(since: started)
    }
    if directories.contains(identity) { return send(.loop(Array(start.path))) }
    // --one-file-system: a mount point is listed, not entered.
    if configuration.staysOnFileSystem, identity.device != rootDevice { return }
    let location = location(depth: start.depth)
    let entering = configuration.gitSettings.map { settings in
      GitIgnoreScope.Entering(
        parent: start.parentScope, name: start.name,
        messagePrefix: paths.pathPrefix(relative: relative), settings: settings)
    }
    let batch = configuration.reader.read(
      from: stream, limit: .max, at: location, entering: entering)
    for failure in batch.ignoreScope?.failures ?? [] {
      send(.failure(failure, FailureSeverity.entry))
    }
    // Named by its whole path: closed to stay within the budget, it is
    // opened again by its first frame's name, from the working directory.
    let frame = WalkFrame(
      stream: stream, identity: identity, name: start.path, relativeLength: relative.count,
      depth: start.depth, id: nextDirectoryID(), location: location,
      ignoreScope: batch.ignoreScope)
    directories.push(frame)
    if let prefetch {
      frame.subdirectories.append(
        prefetch.queueSubdirectories(
          of: batch.list, at: location, ruledBy: batch.ignoreScope, using: &prefetchReader))
    }
    receive(consume batch, into: frame)
  }

  /// Starts reading subdirectories ahead on helper threads.
  func startPrefetch(operandIsSlow: Bool) {
    prefetch = DirectoryPrefetch(
      DirectoryPrefetch.Walk(configuration: configuration, paths: paths, rootDevice: rootDevice),
      operandIsSlow: operandIsSlow)
  }

  /// Notes how long opening a subdirectory took, in a walk that reads
  /// nothing ahead; once openings are slow, on either thread, it claims
  /// no more subtrees and its prefetch starts, with as many helpers as the
  /// reads call for.
  ///
  /// One opening in eight is timed while they are fast (the clock is a
  /// tenth of a fast one's cost), and every one after a slow one.
  func recordOpening(since started: UInt64) {
    guard let slowness else { return }
    let latency = MonotonicClock.nanoseconds() &- started
    opensUntilTimed = latency >= configuration.slowRead ? 0 : 7
    guard slowness.record(latency) else { return }
    startReadingAhead()
  }

  /// Starts reading ahead in the middle of the walk, as openings turned
  /// slow: claims no more subtrees, takes back those not begun, and
  /// numbers for the prefetch every subdirectory on the path still to be
  /// entered here, the deepest directory's on top.
  private func startReadingAhead() {
    subtrees?.splitter.stopClaiming()
    startPrefetch(operandIsSlow: true)
    guard let prefetch else { return }
    for frame in directories.frames {
      var listedElsewhere = Set<Int>()
      frame.claims.removeAll { claim in
        guard claim.job.revoke() else {
          listedElsewhere.insert(claim.index)
          return false
        }
        subtrees?.splitter.reached(claim.job)
        return true
      }
      // A parked frame has no location to read by: its subdirectories
      // are read when the walk reaches them.
      guard let listing = frame.current else { continue }
      var rest = EntryList()
      if walksBelow(frame) {
        listing.storage.names.withUnsafeBufferPointer { names in
          for position in frame.next..<listing.count where !listedElsewhere.contains(position) {
            let entry = listing.storage.entries[position]
            guard entry.isEnterable(in: names) else { continue }
            _ = try? rest.append(name: Array(listing.storage.name(of: entry)), kind: .directory)
          }
        }
      }
      frame.subdirectories.append(
        prefetch.queueSubdirectories(
          of: rest, at: frame.location, ruledBy: frame.ignoreScope, using: &prefetchReader))
    }
  }
}

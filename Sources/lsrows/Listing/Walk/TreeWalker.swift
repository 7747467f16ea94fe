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
// enters that subdirectory, one way for all (TreeWalker+Entering):
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
  let paths: WalkPaths
  private var operand: [UInt8] { paths.operand }
  private let walkNumber: Int
  /// Reads subdirectories ahead on a second thread, during `-R`.
  var prefetch: DirectoryPrefetch?
  /// Lists subtrees on a second thread, during `-R` on a fast file system:
  /// the operand's walk holds it, and so do the walks of the parts the
  /// writing thread lists itself, which claim subtrees for the worker too.
  var subtrees: SubtreeScheduler?
  /// Whether this walk made ``subtrees``, and ends it.
  private var ownsSubtrees = false
  /// On the worker, the job this walk lists, whose writer may ask it for
  /// part of what it has left (``SubtreeJob/askForHandOver()``).
  let handOverAsker: SubtreeJob?
  /// The subtree this walk lists for a ``SubtreeWorker``; `nil` for an
  /// operand's walk.
  let subtree: SubtreeStart?
  /// How many openings go by before the next is timed.
  var opensUntilTimed = 0
  /// How slow openings are, while no prefetch reads ahead, as subtrees
  /// are listed on two threads: shared by every walk of the operand.
  var slowness: SubtreeContext.Slowness?
  /// `--gitignore`: the operand's rules, from its work tree's top down.
  private let rootScope: GitIgnoreScope?
  var events: HandOffBuffer<WalkEvent>
  /// A group this thread has written, let go a few events at a time as
  /// the walk reaches each subdirectory (``writeNextGroup(_:)``).
  var written: [WalkEvent] = []
  let directories: OpenDirectories
  /// The path from the operand to the top directory, `/`-terminated.
  private(set) var relative: [UInt8] = []
  private var directoriesEntered = 0
  /// The operand's file system, for `--one-file-system`.
  private(set) var rootDevice: UInt64 = 0
  private var hasBegun = false
  /// The threads the operand's statuses are read with, in parts, when
  /// opening it was slow (``WalkConfiguration/slowRead``), before any other read
  /// says how slow the file system is: the prefetch's spare threads with
  /// `-R`, else as many of the walk's own, so that `-l` of one directory on
  /// NFS keeps as many requests in flight as `-lR` does.
  private(set) var operandSpareThreads: Allowance?
  private var hasEnded = false
  /// The buffer every subdirectory is read into, one after the other.
  let subdirectoryBuffer: UnsafeMutableRawPointer
  /// The stream every subdirectory opened from its parent is read with,
  /// in that buffer, one after the other: each is read whole as it is
  /// reached, and its frame keeps the descriptor alone.
  let subdirectoryStream: DirectoryStream
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
  ///   - ignoreScope: `--gitignore`: the operand's rules.
  ///   - configuration: What to list and how.
  convenience init(
    operand: [UInt8], walkNumber: Int, showsPath: Bool, isImplicit: Bool = false,
    ignoreScope: GitIgnoreScope? = nil, configuration: WalkConfiguration
  ) {
    self.init(
      paths: WalkPaths(operand: operand, showsPath: showsPath, isImplicit: isImplicit),
      subtree: nil, rootScope: ignoreScope, walkNumber: walkNumber, handOverAsker: nil,
      configuration: configuration)
  }

  /// A walk of the subtree `start` of an operand's walk whose paths are
  /// `paths`: it begins with the subtree's own entries, and reports
  /// entering one of the directories above it as a loop.
  convenience init(
    subtree start: SubtreeStart, paths: WalkPaths, walkNumber: Int,
    handOverAsker: SubtreeJob?, configuration: WalkConfiguration
  ) {
    self.init(
      paths: paths, subtree: start, rootScope: nil, walkNumber: walkNumber,
      handOverAsker: handOverAsker, configuration: configuration)
    directoriesEntered = start.firstDirectoryNumber
    relative = start.relative
    rootDevice = start.rootDevice
  }

  private init(
    paths: WalkPaths, subtree: SubtreeStart?, rootScope: GitIgnoreScope?, walkNumber: Int,
    handOverAsker: SubtreeJob?, configuration: WalkConfiguration
  ) {
    self.paths = paths
    self.handOverAsker = handOverAsker
    self.subtree = subtree
    self.rootScope = rootScope
    subdirectoryBuffer = UnsafeMutableRawPointer.allocate(
      byteCount: DirectoryStream.bufferSize, alignment: 8)
    prefetchReader = DirectoryPrefetch.Reader(buffer: subdirectoryBuffer)
    subdirectoryStream = DirectoryStream(reusing: subdirectoryBuffer)
    self.walkNumber = walkNumber
    self.configuration = configuration
    events = HandOffBuffer(weightLimit: configuration.rowsPerHandOff, countLimit: 256)
    directories = OpenDirectories(
      budget: configuration.descriptorBudget, followsSymlinks: configuration.followsSymlinks,
      outside: subtree?.ancestors ?? [])
  }

  deinit {
    end()
    if ownsSubtrees { subtrees?.stop() }
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
    if let subtree { return begin(subtree) }
    let stream: DirectoryStream
    let identity: DirectoryIdentity
    let started = MonotonicClock.nanoseconds()
    let operandIsSlow: Bool
    do throws(Errno) {
      stream = try operand.withCString { name throws(Errno) in try DirectoryStream(opening: name) }
      // The whole status, unlike a subdirectory's identity: the operand was
      // looked up already, so opening it asks the server nothing, and this
      // round trip is what tells a slow file system from a fast one.
      identity = DirectoryIdentity(try stream.descriptor.status())
      operandIsSlow = MonotonicClock.nanoseconds() &- started >= configuration.slowRead
    } catch {
      send(.failure(.openDirectory(operand, error), FailureSeverity.of(failureAt: 1)))
      return
    }
    rootDevice = identity.device
    if configuration.readsAhead {
      let context = configuration.subtrees?.makeRenderer.map { makeRenderer in
        SubtreeContext(
          makeRenderer: makeRenderer,
          claimsEagerly: configuration.subtrees?.claimsEagerly ?? false, paths: paths,
          walkNumber: walkNumber, configuration: configuration)
      }
      if let context, !operandIsSlow, let scheduler = SubtreeScheduler(context) {
        subtrees = scheduler
        ownsSubtrees = true
        slowness = context.slowness
      } else {
        startPrefetch(operandIsSlow: operandIsSlow)
      }
    }
    if operandIsSlow {
      operandSpareThreads =
        prefetch?.slowReads.spareThreads ?? Allowance(HelperDemand.spareThreadLimit)
    }
    directories.push(
      WalkFrame(
        stream: stream, identity: identity, name: operand[...], relativeLength: 0, depth: 1,
        id: nextDirectoryID(), location: location(depth: 1), ignoreScope: rootScope,
        countsEntries: configuration.countsEntries))
    readBatch(directories.top!)
  }

  /// Stops the helper, closes what is open, and hands over what is pending.
  private func end() {
    guard !hasEnded else { return }
    hasEnded = true
    // A walk that stopped early takes back the claims it will not reach.
    // One that ran to the end still has its last events to be written,
    // and the parts of the worker's subtrees that the writing thread lists
    // meanwhile claim subtrees for the worker as this walk did, until the
    // writer is done with it (`deinit`).
    if ownsSubtrees && events.isStopped { subtrees?.endClaims() }
    prefetch?.stop()
    prefetch = nil
    directories.removeAll()
    events.flush()
  }

  // MARK: - Walking

  /// Writes the next run of `frame`'s rows, up to and including the next
  /// directory to descend into, and descends; or finishes the frame.
  private func step(_ frame: WalkFrame) {
    if frame.isParked { frame.resume(at: location(of: frame)) }
    // Asked through the optional: binding it first retained it at every step.
    if handOverAsker?.takeHandOverRequest() == true, let asker = handOverAsker {
      handOver(to: asker)
    }
    guard !frame.isCurrentBatchDone, let listing = frame.current else {
      if frame.advance() {
        return
      } else if !frame.finishedReading {
        readBatch(frame)
      } else {
        // A closure, not the method itself: a method reference is a
        // partial application, which retained the walker.
        directories.pop { hasDirectoriesLeft($0) }
      }
      return
    }
    let start = frame.next
    let descendInto = walksBelow(frame) ? listing.firstEnterable(from: start) : nil
    let end = descendInto.map { $0 + 1 } ?? listing.count
    frame.next = end
    guard let descendInto, !events.isStopped else {
      return send(.rows(listing, start..<end))
    }
    if let claim = frame.claims.first, claim.index == descendInto {
      frame.claims.removeFirst()
      subtrees?.splitter.reached(claim.job)
      if !claim.job.revoke() {
        // Listed on the other thread: its rows and events follow this run.
        send(.rows(listing, start..<end))
        return send(.subtree(claim.job))
      }
    }
    // Asked through the optional, as the hand-over above.
    if subtrees?.splitter.wantsClaim == true, let subtrees { claimSubtree(for: subtrees) }
    let entry = listing.storage.entries[descendInto]
    // Filled in place and entered in place: an optional or a by-value
    // Child copies its optional fields through generic code.
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
    if directories.top !== frame { frame.park() }
  }

  // MARK: - The path and directory numbers

  /// Makes the relative path that of `name` in `parent`.
  func extendRelativePath(to name: ArraySlice<UInt8>, below parent: WalkFrame) {
    relative.removeSubrange(parent.relativeLength...)
    relative.append(contentsOf: name)
    relative.append(UInt8(ascii: "/"))
  }

  func nextDirectoryID() -> DirectoryID {
    directoriesEntered += 1
    return DirectoryID(walk: walkNumber, directory: directoriesEntered)
  }
}

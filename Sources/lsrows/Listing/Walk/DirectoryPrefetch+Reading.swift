import Glibc

/// How the prefetch reads a directory: by its path below the operand, on
/// whichever thread asks (the helper, or the walk when it would wait).
extension DirectoryPrefetch {
  /// The path of the directory `name` in the one at `prefix` (its path
  /// from the working directory, `/`-terminated), as a ``Request`` holds
  /// it: `/`-terminated, then a NUL.
  static func requestPath(_ prefix: some Collection<UInt8>, _ name: ArraySlice<UInt8>) -> [UInt8] {
    var path: [UInt8] = []
    path.reserveCapacity(prefix.count + name.count + 2)
    path.append(contentsOf: prefix)
    path.append(contentsOf: name)
    path.append(UInt8(ascii: "/"))
    path.append(0)
    return path
  }

  /// Reads a request with `reader`, and gathers the paths of its
  /// subdirectories in the reader's empty ``Reader/subdirectoryPaths``; the
  /// request's path becomes the rows' location.
  func read(_ request: inout Request, using reader: inout Reader) -> Outcome {
    Self.read(&request, using: &reader, walk: walk, slowReads: walkSlowReads)
  }

  /// Reads a request as ``read(_:using:)`` does, for the walk `walk`: on
  /// the helper, which holds no prefetch; with `slowReads`, for a slow
  /// file system, a large directory's statuses are read in parts at once,
  /// and the directory is kept open for its subdirectories.
  static func read(
    _ request: inout Request, using reader: inout Reader, walk: Walk,
    slowReads: SlowReads? = nil
  ) -> Outcome {
    var path: [UInt8] = []
    swap(&path, &request.path)
    return read(
      path: &path, depth: request.depth, parentScope: request.parentScope,
      from: request.parent, using: &reader, walk: walk,
      findingSubdirectories: true, slowReads: slowReads)
  }

  /// Appends to `paths` the paths (as in ``Request``) of `list`'s
  /// subdirectories that the walk will descend into, in order; `nil` for
  /// one too long to open whole.
  ///
  /// `prefix` is the path of the list's directory from the working
  /// directory, `/`-terminated.
  func appendSubdirectoryPaths(
    of list: EntryList, at prefix: [UInt8], depth: Int, to paths: inout [[UInt8]?]
  ) {
    Self.appendSubdirectoryPaths(of: list, at: prefix, depth: depth, to: &paths, walk: walk)
  }

  private static func appendSubdirectoryPaths(
    of list: EntryList, at prefix: [UInt8], depth: Int, to paths: inout [[UInt8]?], walk: Walk
  ) {
    guard depth < walk.configuration.maxDepth else { return }
    // Counted first, so the array grows once at most rather than by
    // doubling: growing it would be many of a walk's mallocs.
    let directories = list.entries.reduce(0) { $0 + ($1.kind == .directory ? 1 : 0) }
    guard directories > 0 else { return }
    paths.reserveCapacity(paths.count + directories)
    list.names.withUnsafeBufferPointer { names in
      for entry in list.entries where entry.kind == .directory && !entry.isDotOrDotDot(in: names) {
        let name = list.name(of: entry)
        guard walk.paths.isShortEnough(prefix.count + name.count) else {
          paths.append(nil)
          continue
        }
        paths.append(Self.requestPath(prefix, name))
      }
    }
  }

  /// Opens, reads and closes one directory, by its path (as
  /// ``requestPath(_:_:)`` makes it), with `reader`: for the helper, or for
  /// the walk when it wants a directory nobody has begun.
  ///
  /// The path loses its NUL and becomes the rows' location: in place, so
  /// that no directory's path is copied (pass one nothing else holds).
  func read(
    path: inout [UInt8], depth: Int, parentScope: GitIgnoreScope?, using reader: inout Reader
  ) -> Outcome {
    let outcome = Self.read(
      path: &path, depth: depth, parentScope: parentScope, from: nil, using: &reader, walk: walk,
      findingSubdirectories: false, slowReads: walkSlowReads)
    // The walk's reads tell how slow the file system is as the helpers'
    // do: before the helpers have read enough, they are most of the reads.
    reader.unrecordedLatency = outcome.latency
    return outcome
  }

  /// Reads as ``read(path:depth:parentScope:using:)`` does.
  ///
  /// With `findingSubdirectories`, gathers the paths of the subdirectories
  /// in the reader: from the batch before the outcome holds it, as a copy
  /// of the batch retained each of its arrays. With `parent`, the
  /// directory is opened from it, by its name.
  private static func read(
    path: inout [UInt8], depth: Int, parentScope: GitIgnoreScope?,
    from parent: OpenParent?, using reader: inout Reader, walk: Walk,
    findingSubdirectories: Bool, slowReads: SlowReads? = nil
  ) -> Outcome {
    let stream = reader.stream
    let outcome: Outcome
    if let spare = reader.spare.take() {
      spare.clear()
      outcome = spare
    } else {
      outcome = Outcome()
    }
    defer { stream.close() }
    let started = MonotonicClock.nanoseconds()
    do throws(Errno) {
      try path.withUnsafeBufferPointer { path throws(Errno) in
        try path.withMemoryRebound(to: CChar.self) { path throws(Errno) in
          if let parent {
            try stream.reopen(
              path.baseAddress! + parent.pathLength, relativeTo: parent.descriptor,
              followingSymlink: walk.configuration.followsSymlinks)
          } else {
            try stream.reopen(
              path.baseAddress!, followingSymlink: walk.configuration.followsSymlinks)
          }
        }
      }
      let identity = try stream.descriptor.identity()
      outcome.latency = MonotonicClock.nanoseconds() &- started
      outcome.identity = identity
      if walk.configuration.staysOnFileSystem && identity.device != walk.rootDevice {
        return outcome
      }
      path.removeLast()  // the NUL
      var entering: GitIgnoreScope.Entering?
      if let settings = walk.configuration.gitSettings {
        // The directory's name: its path's last component.
        let end = path.count - 1
        let start = path[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        entering = GitIgnoreScope.Entering(
          parent: parentScope, name: path[start..<end], messagePrefix: path, settings: settings)
      }
      let location = walk.paths.location(pathPrefix: path, depth: depth)
      let batch = walk.configuration.reader.read(
        from: stream, limit: .max, at: location, entering: entering,
        spareThreads: slowReads?.spareThreads)
      outcome.location = location
      if findingSubdirectories {
        appendSubdirectoryPaths(
          of: batch.list, at: path, depth: depth, to: &reader.subdirectoryPaths, walk: walk)
        if let slowReads, reader.subdirectoryPaths.contains(where: { $0 != nil }),
          slowReads.openParents.take(upTo: 1) == 1
        {
          // Kept open for them, instead of closed.
          reader.parent = OpenParent(
            stream.detachDescriptor()!, pathLength: path.count, from: slowReads.openParents)
        }
      }
      outcome.batch = batch
    } catch {
      outcome.latency = MonotonicClock.nanoseconds() &- started
      outcome.error = error
    }
    return outcome
  }
}

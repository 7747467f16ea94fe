import Glibc

/// How the prefetch reads a directory: by its path below the operand, on
/// whichever thread asks (the helper, or the walk when it would wait).
extension DirectoryPrefetch {
  /// The path of the directory `name` in the one at `prefix` (below the
  /// operand, `/`-terminated), as a ``Request`` holds it: `/`-terminated,
  /// then a NUL.
  static func requestPath(_ prefix: some Collection<UInt8>, _ name: ArraySlice<UInt8>) -> [UInt8] {
    var path: [UInt8] = []
    path.reserveCapacity(prefix.count + name.count + 2)
    path.append(contentsOf: prefix)
    path.append(contentsOf: name)
    path.append(UInt8(ascii: "/"))
    path.append(0)
    return path
  }

  /// Reads a request, and the paths of its subdirectories.
  func read(
    _ request: Request, lentBuffer: UnsafeMutableRawPointer
  ) -> (Outcome, [[UInt8]?]) {
    let outcome = read(relative: request.relative, depth: request.depth, lentBuffer: lentBuffer)
    let paths =
      outcome.batch.map {
        subdirectoryPaths(of: $0.list, at: request.relative.dropLast(), depth: request.depth)
      } ?? []
    return (outcome, paths)
  }

  /// The paths (as in ``Request``) of `list`'s subdirectories that the
  /// walk will descend into, in order; `nil` for one too long to open whole.
  func subdirectoryPaths(
    of list: EntryList, at prefix: ArraySlice<UInt8>, depth: Int
  ) -> [[UInt8]?] {
    guard depth < walk.configuration.maxDepth else { return [] }
    var paths: [[UInt8]?] = []
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
    return paths
  }

  /// Opens, reads and closes one directory, by its path below the operand
  /// (as ``requestPath(_:_:)`` makes it): for the helper, or for the walk
  /// when it wants a directory nobody has begun.
  func read(relative: [UInt8], depth: Int, lentBuffer: UnsafeMutableRawPointer) -> Outcome {
    let outcome = Outcome()
    var pathPrefix = walk.paths.pathPrefix(relative: relative)
    do throws(Errno) {
      let stream = try pathPrefix.withUnsafeBufferPointer { path throws(Errno) in
        try path.withMemoryRebound(to: CChar.self) { path throws(Errno) in
          try DirectoryStream(
            opening: path.baseAddress!, followingSymlink: walk.configuration.followsSymlinks,
            lentBuffer: lentBuffer)
        }
      }
      let status = try stream.descriptor.status()
      outcome.status = status
      if walk.configuration.staysOnFileSystem && status.device != walk.rootDevice {
        return outcome
      }
      pathPrefix.removeLast()  // the NUL
      let location = walk.paths.location(pathPrefix: pathPrefix, depth: depth)
      outcome.location = location
      outcome.batch = walk.configuration.reader.read(from: stream, limit: .max, at: location)
    } catch {
      outcome.error = error
    }
    return outcome
  }
}

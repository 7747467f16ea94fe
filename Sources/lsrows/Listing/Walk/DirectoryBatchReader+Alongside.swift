extension DirectoryBatchReader {
  /// How many entries of a directory are read before its statuses are
  /// read alongside the rest of it (``readRestWhileStatting``): a directory
  /// smaller than this is read, then statted, as any.
  static let firstEntriesAlone = 16_384

  /// How many statuses this thread reads between looks at what the reading
  /// thread has handed over.
  private static let statusesBetweenLooks = 1024

  /// Reads the rest of a large directory on a second thread while this one
  /// reads what the options need about the entries already in `list`, then
  /// reads about the rest on two threads.
  ///
  /// The kernel's read of a large directory's names takes a good part of
  /// the time of statting them on two threads; read first and statted
  /// after, the read has one thread working. `list` holds the first
  /// entries, unsorted, with those `-I` ignores already removed; this
  /// thread alone changes it.
  ///
  /// - Returns: Whether the directory ended, why reading stopped early,
  ///   and the entries whose metadata could not be read, in entry order.
  /// - Throws: ``MemoryExhausted`` when memory ran out: the walk stops.
  func readRestWhileStatting(
    from stream: DirectoryStream, into list: inout EntryList, at location: RowLocation,
    seen: inout Int
  ) throws(MemoryExhausted) -> (reachedEnd: Bool, readError: Errno?, failures: [SystemError]) {
    let spares = ChunkLists(
      chunkSize: Self.firstEntriesAlone, firstNameBytes: list.names.count)
    let rest = ProducerThread(
      capacity: 4,
      NameChunks(
        stream: stream, hidden: hidden, chunkSize: Self.firstEntriesAlone, spares: spares))
    defer { rest.stop() }
    func readMetadata(_ positions: Range<Int>?) throws(MemoryExhausted) -> [SystemError] {
      try metadata.read(
        &list, in: stream.descriptor, pathPrefix: location.pathPrefix,
        messagePrefix: location.messagePrefix,
        countingEntries: location.depth >= entryCountDepth, positions: positions)
    }
    var failures: [SystemError] = []
    var reachedEnd = false
    var readError: Errno?
    var statted = 0
    var reading = true
    while reading {
      var chunks: [DirectoryBatch]
      if statted < list.count {
        let end = min(list.count, statted + Self.statusesBetweenLooks)
        failures += try readMetadata(statted..<end)
        statted = end
        chunks = rest.ready()
      } else {
        chunks = rest.next()
        reading = !chunks.isEmpty
      }
      for index in chunks.indices {
        if chunks[index].exhausted { throw MemoryExhausted() }
        reachedEnd = chunks[index].reachedEnd
        readError = readError ?? chunks[index].readError
        seen += chunks[index].entryCount
        if !ignored.isEmpty {
          chunks[index].list.removeEntries { _, name in ignored.contains(name) }
        }
        guard list.hasRoom(forNameBytes: chunks[index].list.names.count) else {
          // As a read that finds more names than a list holds.
          readError = readError ?? .valueOverflow
          reading = false
          break
        }
        try list.append(contentsOf: &chunks[index].list)
        spares.giveBack(chunks[index].list)
        chunks[index].list = EntryList()
        // The last chunk: what is left to stat is shared out below.
        if chunks[index].endsReading { reading = false }
      }
    }
    // Everything is read: the rest of the statuses on two threads.
    failures += try readMetadata(statted..<list.count)
    return (reachedEnd, readError, failures)
  }

  /// The names of a directory after its first entries, read in chunks
  /// with nothing about them.
  private struct NameChunks: BatchProducer {
    let stream: DirectoryStream
    let hidden: HiddenEntries
    let chunkSize: Int
    let spares: ChunkLists
    var done = false

    mutating func next() -> DirectoryBatch? {
      guard !done else { return nil }
      var chunk = DirectoryBatch(list: spares.take())
      var seen = 0
      do throws(Errno) {
        chunk.reachedEnd = try stream.read(
          into: &chunk.list, limit: chunkSize, keeping: hidden, seen: &seen)
      } catch .outOfMemory {
        chunk.exhausted = true
      } catch {
        chunk.readError = error
      }
      chunk.entryCount = seen
      done = chunk.endsReading
      return chunk
    }
  }
}

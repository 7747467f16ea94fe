/// Reads batches of a directory's entries: the names, then what the
/// options need about them, then the sort.
struct DirectoryBatchReader: Sendable {
  var hidden: HiddenEntries
  /// `-I`, `-B`, `--hide`: names left out.
  var ignored = IgnoredNames([])
  var metadata: MetadataReader
  var order: EntryOrder
  /// `--prune` and `--prune-where`: directories left out, neither listed
  /// nor entered.
  var prunes = Prunes()
  /// `--gitignore`: entries git ignores, by their directory's rules, and
  /// `.git`, left out.
  var appliesGitIgnore = false
  /// Whether a large directory not walked below is read in chunks of this
  /// many entries, each sorted while the next is read on a second thread,
  /// and merged as it is written (``ChunkMerge``); `nil` reads it whole.
  var mergedChunkSize: Int?
  /// What decides the rows shown of a directory read in chunks, or `nil`
  /// when all are shown.
  ///
  /// `--where`, `--type` and `--min-depth` drop the others from each chunk
  /// before its sort, on the thread that sorts it while the kernel reads:
  /// left to the writer, the filter ran after the merge, when the writer
  /// is the bound, and rows it hid were sorted and merged for nothing.
  var chunkFilter: RowFilter?
  /// The depth from which the metadata reader counts directories' entries
  /// (the `entries` field): the walk counts those it enters as it reads
  /// them, and the reader the rest (the deepest level, and every level
  /// when the sort or `--prune-where` needs the counts first).
  var entryCountDepth = 0

  /// Reads up to `limit` entries from `stream`.
  ///
  /// - Parameters:
  ///   - stream: The open directory.
  ///   - limit: The most entries to read.
  ///   - location: Where the entries are: their path from the working
  ///     directory (for messages and ACL lookups) and depth.
  ///   - scope: With `--gitignore`, the rules of the directory, when they
  ///     are known (a later batch of a directory entered before).
  ///   - entering: With `--gitignore`, the subdirectory being entered,
  ///     whose rules are made from what the read finds (``GitIgnoreScope``),
  ///     in place of `scope`.
  ///   - spareThreads: Threads the metadata reads may take, when each is
  ///     slow (``MetadataReader``).
  /// - Returns: The entries, what went wrong, whether the end was reached,
  ///   and the rules of a directory entered.
  func read(
    from stream: DirectoryStream, limit: Int, at location: RowLocation,
    ruledBy scope: GitIgnoreScope? = nil, entering: GitIgnoreScope.Entering? = nil,
    spareThreads: Allowance? = nil
  ) -> DirectoryBatch {
    var batch = readUnsorted(
      from: stream, limit: limit, at: location, ruledBy: scope, entering: entering,
      spareThreads: spareThreads)
    if !batch.exhausted { order.sort(&batch.list, at: location) }
    return batch
  }

  /// A whole directory, as one sorted batch, or when it is large and
  /// ``mergedChunkSize`` allows, as sorted chunks to merge.
  enum Whole {
    case batch(DirectoryBatch)
    /// The chunks, and what went wrong reading them (a batch with no entries).
    case chunks(ChunkMerge, DirectoryBatch)
  }

  /// Reads all of `stream`: the first chunk on this thread; if there is
  /// more, the rest on a second thread (``Chunks``) while this one sorts
  /// each chunk.
  ///
  /// `scope` holds the directory's `--gitignore` rules. `spareThreads`
  /// are for the metadata reads when each is slow: a directory whose
  /// entries are statted is then read as one batch, statted in parts.
  func readWhole(
    from stream: DirectoryStream, at location: RowLocation, ruledBy scope: GitIgnoreScope?,
    spareThreads: Allowance? = nil
  ) -> Whole {
    guard let chunkSize = mergedChunkSize, spareThreads == nil || metadata.needs.isEmpty else {
      return .batch(
        read(from: stream, limit: .max, at: location, ruledBy: scope, spareThreads: spareThreads))
    }
    var first = readUnsorted(from: stream, limit: chunkSize, at: location, ruledBy: scope)
    guard !first.reachedEnd, first.readError == nil, !first.exhausted else {
      if !first.exhausted { order.sort(&first.list, at: location) }
      return .batch(first)
    }
    let spares = ChunkLists(chunkSize: chunkSize, firstNameBytes: first.list.names.count)
    let rest = ProducerThread(
      capacity: 2,
      Chunks(
        reader: self, stream: stream, location: location, scope: scope, chunkSize: chunkSize,
        spares: spares))
    var merge = ChunkMerge.Builder(isReversed: order.isReversed)
    var outcome = DirectoryBatch()
    let fieldReader = FieldReader(accounts: AccountNames())
    // In place: a copy would share the list's arrays, and sorting one
    // would then copy them.
    func take(_ batch: inout DirectoryBatch) {
      guard !outcome.exhausted else { return }
      if let chunkFilter {
        removeHidden(from: &batch.list, by: chunkFilter, fieldReader, at: location)
      }
      order.sort(&batch.list, at: location, arrangesNames: false)
      do throws(MemoryExhausted) {
        try merge.add(batch.list, isLast: batch.endsReading)
      } catch {
        outcome.exhausted = true
      }
      // The merge holds a copy; the list's arrays can take the next chunk.
      spares.giveBack(batch.list)
      batch.list = EntryList()
      outcome.failures += batch.failures
      outcome.readError = outcome.readError ?? batch.readError
      outcome.exhausted = outcome.exhausted || batch.exhausted
      outcome.reachedEnd = batch.reachedEnd
      outcome.entryCount += batch.entryCount
    }
    take(&first)
    while !outcome.exhausted, case var batches = rest.next(), !batches.isEmpty {
      for index in batches.indices { take(&batches[index]) }
    }
    rest.stop()
    guard !outcome.exhausted else {
      merge.discard()
      return .batch(outcome)
    }
    return .chunks(merge.finish(), outcome)
  }

  /// Removes the directories of `list` that `prunes` leaves out.
  private func removePruned(from list: inout EntryList, at location: RowLocation) {
    guard !prunes.readsNamesOnly else {
      list.removeEntries { entry, name in entry.kind == .directory && prunes.prunes(name: name) }
      return
    }
    let reader = FieldReader(accounts: AccountNames())
    let listing = Listing(list, at: location, returnsStorage: false)
    var pruned = Set<UInt32>()
    for row in listing.rows where row.kind == .directory && prunes.prunes(row, reader) {
      pruned.insert(list.entries[row.position].index)
    }
    guard !pruned.isEmpty else { return }
    list.removeEntries { entry, _ in pruned.contains(entry.index) }
  }

  /// Removes `.git` and what `scope` ignores from `list`, read from
  /// `stream`, before anything is read about them.
  private func removeGitIgnored(
    from list: inout EntryList, in stream: DirectoryStream, scope: GitIgnoreScope?
  ) {
    var path: [UInt8] = []
    list.removeEntries { entry, name in
      if GitIgnoreScope.isGitDirectoryName(name) { return true }
      guard let scope else { return false }
      var kind = entry.kind
      if kind == .unknown {
        // As git does, the type the directory did not give is looked up.
        kind =
          (try? Array(name).withCString { name throws(Errno) in
            try stream.descriptor.status(of: name, followingSymlink: false, fields: .kind)
          })?.kind ?? .unknown
      }
      return scope.excludes(name, isDirectory: kind == .directory, path: &path)
    }
  }

  /// Removes the entries of `list` whose rows `filter` does not show.
  private func removeHidden(
    from list: inout EntryList, by filter: RowFilter, _ reader: FieldReader,
    at location: RowLocation
  ) {
    // Unsorted, an entry's index is its position.
    assert(list.entries.indices.allSatisfy { list.entries[$0].index == UInt32($0) })
    let hidden: [Bool] = Listing(list, at: location, returnsStorage: false).rows.map {
      !filter.shows($0, reader)
    }
    guard hidden.contains(true) else { return }
    list.removeEntries { entry, _ in hidden[Int(entry.index)] }
  }

  /// The chunks of a large directory after the first, read unsorted.
  private struct Chunks: BatchProducer {
    let reader: DirectoryBatchReader
    let stream: DirectoryStream
    let location: RowLocation
    let scope: GitIgnoreScope?
    let chunkSize: Int
    let spares: ChunkLists
    var done = false

    mutating func next() -> DirectoryBatch? {
      guard !done else { return nil }
      let chunk = reader.readUnsorted(
        from: stream, limit: chunkSize, at: location, ruledBy: scope, into: spares.take())
      done = chunk.endsReading
      return chunk
    }
  }

  /// Reads up to `limit` entries and what the options need about them,
  /// into `empty` (which may have room already).
  private func readUnsorted(
    from stream: DirectoryStream, limit: Int, at location: RowLocation,
    ruledBy scope: GitIgnoreScope?, entering: GitIgnoreScope.Entering? = nil,
    spareThreads: Allowance? = nil,
    into empty: consuming EntryList = EntryListPool.withCurrent { $0.take() }
  ) -> DirectoryBatch {
    // Built from locals at the end: filled in place, the batch would be
    // copied (each of its list's arrays retained and released) on every
    // read. The list is moved in, not copied: appending to an array
    // another variable still shares copies it to a new buffer.
    var list = consume empty
    var reachedEnd = false
    var readError: Errno?
    var seen = 0
    var gitNames = GitNamesSeen()
    // A directory read whole whose every entry is statted: past its first
    // entries, the rest is read on a second thread while this one stats.
    let readsAlongside =
      limit == .max && spareThreads == nil && entering == nil && !appliesGitIgnore
      && metadata.readsEveryEntry
    do throws(Errno) {
      reachedEnd = try stream.read(
        into: &list, limit: readsAlongside ? Self.firstEntriesAlone : limit, keeping: hidden,
        seen: &seen, gitNames: &gitNames)
    } catch .outOfMemory {
      return DirectoryBatch(list: list, exhausted: true)
    } catch {
      readError = error
    }
    if !ignored.isEmpty {
      // Before anything is read about them, as ls never looks at them.
      list.removeEntries { _, name in ignored.contains(name) }
    }
    var scope = scope
    if let entering {
      // The names say whether to look for a .gitignore and a .git, when
      // the read saw them all.
      scope = entering.scope(
        at: stream.descriptor, names: reachedEnd && readError == nil ? gitNames : nil)
    }
    if appliesGitIgnore { removeGitIgnored(from: &list, in: stream, scope: scope) }
    let failures: [SystemError]
    do throws(MemoryExhausted) {
      if readsAlongside && !reachedEnd && readError == nil {
        (reachedEnd, readError, failures) = try readRestWhileStatting(
          from: stream, into: &list, at: location, seen: &seen)
      } else {
        failures = try metadata.read(
          &list, in: stream.descriptor, pathPrefix: location.pathPrefix,
          messagePrefix: location.messagePrefix,
          countingEntries: location.depth >= entryCountDepth, spareThreads: spareThreads)
      }
    } catch {
      return DirectoryBatch(
        list: list, reachedEnd: reachedEnd, readError: readError, exhausted: true)
    }
    if !prunes.isEmpty { removePruned(from: &list, at: location) }
    return DirectoryBatch(
      list: list, reachedEnd: reachedEnd, readError: readError, failures: failures,
      entryCount: seen, ignoreScope: entering == nil ? nil : scope)
  }
}

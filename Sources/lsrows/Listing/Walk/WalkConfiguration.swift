/// How a walk reads: what it keeps, how deep it goes, how it hands rows on.
struct WalkConfiguration: Sendable {
  /// Reads each batch of a directory: names, metadata, sort.
  var reader: DirectoryBatchReader
  /// How deep entries are listed: 1 lists the operand's own entries.
  var maxDepth: Int
  /// `-L`: follow symbolic links, into directories too.
  var followsSymlinks: Bool
  /// `--one-file-system`: directories on another file system than the
  /// operand's are listed but not entered.
  var staysOnFileSystem: Bool
  /// `--gitignore`: the user's git settings; each directory's location
  /// then carries its ignore rules (``GitIgnoreScope``), made as it is
  /// entered.
  var gitSettings: GitUserSettings?

  var readsIgnoreRules: Bool {
    gitSettings != nil
  }
  /// How many entries of the operand directory are read at a time when
  /// rows are written as they are read; `nil` reads it whole.
  var streamingBatchSize: Int?
  /// About how many rows go to the writing thread at once.
  var rowsPerHandOff: Int
  /// How many directories may be open at once.
  var descriptorBudget: Int
  /// How many directories the prefetch may keep open for their
  /// subdirectories while the file system is slow (``OpenParent``).
  var openParentBudget: Int
  /// How long, in nanoseconds, opening a directory takes on a slow file
  /// system (``HelperDemand``): `LSROWS_SLOW_READ_NS`, for tests and
  /// benchmarks, else 0.2 ms.
  var slowRead = HelperDemand.defaultSlowRead
  /// `--limit`, when every row the walk hands on is written
  /// (``limitRows(to:)``).
  private(set) var rowLimit: Int?
  /// Whether the walk counts the entries of each directory it enters, for
  /// the `entries` field, as it reads them.
  var countsEntries = false
  /// How subtrees are listed on a second thread, when the listing allows
  /// it and the file system is fast; `nil` reads ahead instead.
  var subtrees: SubtreeSplitting?

  /// How many entries the helper may read ahead of the walk: fewer when
  /// each carries its status (about 200 bytes an entry, four times a
  /// name's share), so that what waits stays near 3 MiB whatever the tree.
  var readAheadEntryLimit: Int {
    reader.metadata.needs.statusKinds.contains(.every) ? 1 << 14 : 1 << 18
  }

  /// Whether a helper thread reads subdirectories ahead of the walk
  /// (``DirectoryPrefetch``): for `-R` without `-L`, with which the walk
  /// opens each directory itself, through its chain of descriptors.
  var readsAhead: Bool {
    maxDepth > 1 && !followsSymlinks
  }
}

extension WalkConfiguration {
  /// Bounds the walk by `--limit`'s `rows`, when every row it hands on is
  /// written (no filter, no order over the whole tree, no totals, for
  /// which it reads everything): a directory whose row comes after that
  /// many rows is never entered, so the prefetch begins at most that
  /// many, and the walk hands rows on before it has read past them.
  mutating func limitRows(to rows: Int) {
    rowLimit = rows
    rowsPerHandOff = max(1, min(rowsPerHandOff, rows))
  }

  /// Makes the walk read everything below its operand, as du does, for
  /// the `tree_` totals: hidden, ignored and pruned entries, at any depth,
  /// each directory whole and every row handed on (``RowVisibility`` then
  /// decides which are shown).
  mutating func readEverything(
    keepsDotAndDotDot: Bool, descriptorBudget budget: Int, openParentBudget parents: Int
  ) {
    reader.hidden = keepsDotAndDotDot ? .all : .almostAll
    reader.ignored = IgnoredNames([])
    reader.prunes = Prunes()
    // What git ignores is read too, and RowVisibility hides it.
    reader.appliesGitIgnore = false
    reader.mergedChunkSize = nil
    reader.chunkFilter = nil
    maxDepth = .max
    streamingBatchSize = nil
    descriptorBudget = budget
    openParentBudget = parents
  }
}

/// Entries that are being written as rows, and where they are.
///
/// Immutable once made, so rows read it from any thread without
/// exclusivity checks. Its storage is read through ``FileRow``.
final class Listing: Sendable {
  /// The entries; only ``FileRow`` reads them.
  let storage: EntryList
  let location: RowLocation
  /// Rules the walk attached to the directory (`--gitignore`'s), which
  /// layers above this one define and read.
  let rules: DirectoryRules?
  /// Which directory the entries come from, the same for every run of rows
  /// from one directory, so that column widths are measured once per
  /// directory.
  let directory: DirectoryID
  /// Whether the storage goes back to ``EntryListPool`` with the listing:
  /// not when the listing only lends rows a look at a list that lives on.
  private let returnsStorage: Bool
  /// Whether ``RowFilter`` has passed every row already: a large
  /// directory's chunks are filtered before their sort
  /// (``DirectoryBatchReader/chunkFilter``), and asking again where rows
  /// are written evaluated every query twice for each row shown.
  let isFiltered: Bool
  /// The entry counts of the directories a walk entered, which it records
  /// as it reads each, before their rows are handed on; `nil` unless the
  /// `entries` field is asked for.
  let walkedEntryCounts: WalkedEntryCounts?

  /// - Parameters:
  ///   - storage: The entries.
  ///   - location: Where they are.
  ///   - directory: Which directory they come from.
  ///   - rules: Rules the walk attached to the directory.
  ///   - returnsStorage: Whether the storage goes back to the pool with the
  ///     listing; pass `false` when `storage` lives on elsewhere.
  ///   - isFiltered: Whether every entry already passed the row filter.
  ///   - countsEntries: Whether a walk records its directories' entry counts.
  init(
    _ storage: EntryList, at location: RowLocation, directory: DirectoryID = .operands,
    rules: DirectoryRules? = nil, returnsStorage: Bool = true, isFiltered: Bool = false,
    countsEntries: Bool = false
  ) {
    self.storage = storage
    self.location = location
    self.directory = directory
    self.rules = rules
    self.returnsStorage = returnsStorage
    self.isFiltered = isFiltered
    walkedEntryCounts = countsEntries ? WalkedEntryCounts() : nil
  }

  /// A listing of the same entries, at the same place, whose storage
  /// stays with `listing`.
  private init(twinOf listing: Listing) {
    storage = listing.storage
    location = listing.location
    directory = listing.directory
    rules = listing.rules
    returnsStorage = false
    isFiltered = listing.isFiltered
    walkedEntryCounts = listing.walkedEntryCounts
  }

  /// The same rows, for another thread to make: each row holds a
  /// reference to its listing, and the rows of one listing made on two
  /// threads at once would move its reference count between processors
  /// on every row.
  func twin() -> Listing {
    Listing(twinOf: self)
  }

  deinit {
    if returnsStorage {
      EntryListPool.withCurrent { $0.giveBack(names: storage.names, entries: storage.entries) }
    }
  }

  /// The number of rows.
  var count: Int {
    storage.count
  }

  /// The position of the first entry from `start` on that a walk enters
  /// (``EntryList/firstEnterable(from:)``); `nil` when there is none.
  ///
  /// Asked of the listing, which lends its list in place: asked of
  /// `listing.storage` by a holder of the listing, the list was copied,
  /// each of its arrays and tables retained, at every call.
  func firstEnterable(from start: Int) -> Int? {
    storage.firstEnterable(from: start)
  }

  /// The rows at `positions`, in order.
  func rows(_ positions: Range<Int>) -> LazyMapSequence<Range<Int>, FileRow> {
    positions.lazy.map { FileRow(listing: self, position: $0) }
  }

  /// Every row, in order.
  var rows: LazyMapSequence<Range<Int>, FileRow> {
    rows(0..<count)
  }
}

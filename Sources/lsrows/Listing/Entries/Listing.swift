/// Entries that are being written as rows, and where they are.
///
/// Immutable once made, so rows read it from any thread without
/// exclusivity checks. Its storage is read through ``FileRow``.
final class Listing: Sendable {
  /// The entries; only ``FileRow`` reads them.
  let storage: EntryList
  let location: RowLocation
  /// Which directory the entries come from, the same for every run of rows
  /// from one directory, so that column widths are measured once per
  /// directory.
  let directory: DirectoryID

  init(_ storage: EntryList, at location: RowLocation, directory: DirectoryID = .operands) {
    self.storage = storage
    self.location = location
    self.directory = directory
  }

  deinit {
    EntryListPool.shared.giveBack(storage)
  }

  /// The number of rows.
  var count: Int {
    storage.count
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

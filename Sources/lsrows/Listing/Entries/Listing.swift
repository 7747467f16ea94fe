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

/// Which directory of which walk a listing's rows come from.
struct DirectoryID: Hashable, Sendable {
  /// The directory operand being walked: 1 for the first; 0 for operands.
  var walk: Int
  /// The directory within that walk, in the order they were entered.
  var directory: Int

  /// The rows of the operands themselves.
  static let operands = DirectoryID(walk: 0, directory: 0)
}

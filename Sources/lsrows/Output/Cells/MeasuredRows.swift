/// The rows whose cells share columns: one or more listings, only the rows
/// that are shown.
struct MeasuredRows: Sequence {
  let listings: [Listing]
  let shows: (FileRow) -> Bool
  /// Rows measured on their own, before those of the listings: rows of a
  /// whole-tree order or of a walk for totals, not whole listings.
  var rows: [FileRow] = []

  struct Iterator: IteratorProtocol {
    private var listings: IndexingIterator<[Listing]>
    private var rows: LazyMapSequence<Range<Int>, FileRow>.Iterator?
    private let shows: (FileRow) -> Bool
    private var single: IndexingIterator<[FileRow]>

    fileprivate init(_ measured: MeasuredRows) {
      listings = measured.listings.makeIterator()
      shows = measured.shows
      single = measured.rows.makeIterator()
    }

    mutating func next() -> FileRow? {
      while let row = single.next() {
        if shows(row) { return row }
      }
      while true {
        if let row = rows?.next() {
          if shows(row) { return row }
          continue
        }
        guard let listing = listings.next() else { return nil }
        rows = listing.rows.makeIterator()
      }
    }
  }

  func makeIterator() -> Iterator {
    Iterator(self)
  }
}

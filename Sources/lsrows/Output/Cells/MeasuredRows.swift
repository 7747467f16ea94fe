/// The rows whose cells share columns: one or more listings, only the rows
/// that are shown.
struct MeasuredRows: Sequence {
  let listings: [Listing]
  let shows: (FileRow) -> Bool

  struct Iterator: IteratorProtocol {
    private var listings: IndexingIterator<[Listing]>
    private var rows: LazyMapSequence<Range<Int>, FileRow>.Iterator?
    private let shows: (FileRow) -> Bool

    fileprivate init(_ measured: MeasuredRows) {
      listings = measured.listings.makeIterator()
      shows = measured.shows
    }

    mutating func next() -> FileRow? {
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

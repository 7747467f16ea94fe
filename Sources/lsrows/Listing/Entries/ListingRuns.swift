/// The rows of runs of several listings, one run after the other: what one
/// write sends when the same closure configures every row.
struct ListingRuns: Sequence {
  /// Each run: a listing, and the positions of its rows to write.
  let runs: [(listing: Listing, range: Range<Int>)]

  struct Iterator: IteratorProtocol {
    let runs: [(listing: Listing, range: Range<Int>)]
    var run = 0
    var position: Int

    mutating func next() -> FileRow? {
      while run < runs.count {
        let (listing, range) = runs[run]
        if position < range.upperBound {
          defer { position += 1 }
          return FileRow(listing: listing, position: position)
        }
        run += 1
        if run < runs.count { position = runs[run].range.lowerBound }
      }
      return nil
    }
  }

  func makeIterator() -> Iterator {
    Iterator(runs: runs, position: runs.first?.range.lowerBound ?? 0)
  }
}

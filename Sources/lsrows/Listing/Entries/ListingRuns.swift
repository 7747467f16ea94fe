/// The rows of runs of several listings, one run after the other: what one
/// write sends when the same closure configures every row.
struct ListingRuns: Sequence {
  /// Each run: a listing, and the positions of its rows to write.
  let runs: [(listing: Listing, range: Range<Int>)]

  struct Iterator: IteratorProtocol {
    let runs: [(listing: Listing, range: Range<Int>)]
    /// The run to start when this one ends.
    var nextRun = 0
    /// The run being read, kept here so that a row costs no lookup in `runs`.
    var listing: Listing?
    var position = 0
    var end = 0

    mutating func next() -> FileRow? {
      while position == end {
        guard nextRun < runs.count else { return nil }
        let run = runs[nextRun]
        listing = run.listing
        position = run.range.lowerBound
        end = run.range.upperBound
        nextRun += 1
      }
      defer { position += 1 }
      return FileRow(listing: listing!, position: position)
    }
  }

  func makeIterator() -> Iterator {
    Iterator(runs: runs)
  }
}

/// The rows of spans of several listings, one span after the other: what
/// one write sends when the same closure configures every row.
struct ListingSpans: Sequence {
  /// Each span: a listing, and the positions of its rows to write.
  let spans: [(listing: Listing, range: Range<Int>)]

  struct Iterator: IteratorProtocol {
    let spans: [(listing: Listing, range: Range<Int>)]
    /// The span to start when this one ends.
    var nextSpan = 0
    /// The span being read, kept here so that a row costs no lookup in `spans`.
    var listing: Listing?
    var position = 0
    var end = 0

    mutating func next() -> FileRow? {
      while position == end {
        guard nextSpan < spans.count else { return nil }
        let span = spans[nextSpan]
        listing = span.listing
        position = span.range.lowerBound
        end = span.range.upperBound
        nextSpan += 1
      }
      defer { position += 1 }
      return FileRow(listing: listing!, position: position)
    }
  }

  func makeIterator() -> Iterator {
    Iterator(spans: spans)
  }
}

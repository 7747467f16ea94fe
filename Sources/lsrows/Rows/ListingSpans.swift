/// What hands on a run of rows (a walk's event), for ``ListingSpans`` to
/// read in place.
protocol RowSpanHolder {
  /// Calls `body` with the listing and the positions of the rows held;
  /// `nil`, without calling it, when there are none.
  func withRowSpan<Result>(_ body: (Listing, Range<Int>) -> Result) -> Result?
}

/// The rows of spans of several listings, one span after the other: what
/// one write sends when the same closure configures every row.
///
/// The spans are read where their holders are, not copied out: a tree of
/// small directories sends a span or two per directory, and an array of
/// copies retained and released each span's listing three times more than
/// its rows do.
struct ListingSpans<Holder: RowSpanHolder>: Sequence {
  /// The holders of the spans, every one holding a span, in order.
  let holders: ArraySlice<Holder>

  /// Each span: a listing, and the positions of its rows to write.
  var spans: [(listing: Listing, range: Range<Int>)] {
    holders.compactMap { holder in holder.withRowSpan { ($0, $1) } }
  }

  /// The same rows as ``LentRow``s, which the holders keep.
  var lentRows: LentRows {
    LentRows(spans: makeIterator())
  }

  /// The rows of the spans, lent: see ``lentRows``.
  struct LentRows: Sequence, IteratorProtocol {
    var spans: ListingSpans.Iterator

    mutating func next() -> LentRow? {
      spans.nextLent()
    }
  }

  struct Iterator: IteratorProtocol {
    let holders: ArraySlice<Holder>
    /// The holder of the span to start when this one ends.
    var nextHolder: Int
    /// The listing being read, which its holder in `holders` keeps: read
    /// without a reference of its own, so a row costs only its own.
    var listing: Unmanaged<Listing>?
    var position = 0
    var end = 0

    mutating func next() -> FileRow? {
      nextLent().map { FileRow(listing: $0.listing.takeUnretainedValue(), position: $0.position) }
    }

    /// The next row, lent.
    mutating func nextLent() -> LentRow? {
      while position == end {
        guard nextHolder < holders.endIndex else { return nil }
        let span = holders[nextHolder].withRowSpan { listing, range in
          (Unmanaged.passUnretained(listing), range)
        }
        nextHolder += 1
        guard let span else { continue }
        listing = span.0
        position = span.1.lowerBound
        end = span.1.upperBound
      }
      defer { position += 1 }
      return LentRow(listing: listing!, position: position)
    }
  }

  func makeIterator() -> Iterator {
    Iterator(holders: holders, nextHolder: holders.startIndex)
  }
}

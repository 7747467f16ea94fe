/// What a walk produces, in output order.
enum WalkEvent: Sendable {
  /// Rows to write: the entries at `range` of `listing`.
  case rows(Listing, Range<Int>)
  /// A failure to report, and the exit status it earns.
  case failure(SystemError, ExitStatus)
  /// A directory that is already being listed higher up the path: a loop.
  case loop([UInt8])
  /// Memory ran out; the walk stops here and so does lsrows.
  case exhausted
  /// A subtree listed on another thread: its rows and events go here.
  case subtree(SubtreeJob)
  /// The answer of a subtree's walk to the writing thread, which asked
  /// for part of it to list itself: that part, or `nil` when none is left.
  case handOver(SubtreeJob?)
}

extension WalkEvent {
  /// How many rows the event carries, for batching.
  var rowCount: Int {
    rows?.range.count ?? 0
  }

  /// What a `.rows` event carries.
  var rows: (listing: Listing, range: Range<Int>)? {
    if case .rows(let listing, let range) = self { return (listing, range) }
    return nil
  }
}

extension WalkEvent: RowSpanHolder {
  /// Whether the event carries rows, asked without a copy of its listing.
  var holdsRows: Bool {
    if case .rows = self { return true }
    return false
  }

  func withRowSpan<Result>(_ body: (Listing, Range<Int>) -> Result) -> Result? {
    if case .rows(let listing, let range) = self { return body(listing, range) }
    return nil
  }
}

extension ArraySlice<WalkEvent> {
  /// Takes the run of `.rows` events at the front off, as the spans of
  /// one write.
  ///
  /// A tree of small directories sends a span per directory, and a write
  /// per span cost more than its rows. Empty when the first event is not
  /// rows.
  mutating func takeRowSpans() -> ListingSpans<WalkEvent> {
    let end = firstIndex { !$0.holdsRows } ?? endIndex
    let spans = ListingSpans(holders: self[..<end])
    self = self[end...]
    return spans
  }
}

/// How many more rows `--limit` lets through, counted down as rows are
/// written; a class, so that the lazy sequence that writes them counts.
final class RowCountdown {
  var count: Int

  init(_ count: Int) {
    self.count = count
  }
}

/// The rows of `base` that are shown, until the countdown reaches zero:
/// each row handed out counts one down, so the writer, which asks for rows
/// as it boxes them, stops at the limit.
struct LimitedRows<Base: Sequence<FileRow>>: Sequence {
  let base: Base
  /// Whether a row is written; `nil` when every row of `base` is.
  let shows: ((FileRow) -> Bool)?
  let countdown: RowCountdown

  struct Iterator: IteratorProtocol {
    var base: Base.Iterator
    let shows: ((FileRow) -> Bool)?
    let countdown: RowCountdown

    mutating func next() -> FileRow? {
      guard countdown.count > 0 else { return nil }
      while let row = base.next() {
        if let shows, !shows(row) { continue }
        countdown.count -= 1
        return row
      }
      return nil
    }
  }

  func makeIterator() -> Iterator {
    Iterator(base: base.makeIterator(), shows: shows, countdown: countdown)
  }
}

/// The best rows of one operand's tree under a ``TreeOrder`` and a limit,
/// held until the walk ends and then handed out in that order.
///
/// Only the best `limit` rows are held, in a heap whose top is the worst
/// of them, so `--limit=20` over millions of entries holds twenty rows,
/// each ``FileRow/detached(isShown:treeTotals:)`` from its directory's
/// listing. Every row offered must be one the listing shows.
struct TreeRows {
  private let order: TreeOrder
  private let reader: FieldReader
  /// At most this many rows are held.
  private let limit: Int
  /// The rows held, by slot.
  private var rows: [FileRow] = []
  /// The key values of slot `slot` at `slot * keyCount`.
  private var values: [SortValue?] = []
  /// The slots as a heap: each slot's row comes after
  /// (or ties with) those of its children, so the first is the worst.
  private var heap: [Int] = []
  /// The key values of the row being offered.
  private var candidate: [SortValue?] = []

  init(order: TreeOrder, reader: FieldReader, limit: Int) {
    self.order = order
    self.reader = reader
    self.limit = limit
  }

  private var keyCount: Int { order.keys.count }

  /// Offers `row`: held when fewer than the limit are, or when it comes
  /// before the worst row held.
  ///
  /// - Throws: ``MemoryExhausted`` when there is no room to hold it.
  mutating func add(_ row: FileRow) throws(MemoryExhausted) {
    guard limit > 0 else { return }
    candidate.removeAll(keepingCapacity: true)
    SortValue.append(of: row, keys: order.keys, reader: reader, to: &candidate)
    if rows.count < limit {
      rows.append(try row.detached(isShown: true))
      values += candidate
      heap.append(rows.count - 1)
      siftUp(heap.count - 1)
    } else if comparesBefore(row, heap[0]) {
      let slot = heap[0]
      rows[slot] = try row.detached(isShown: true)
      values.replaceSubrange(slot * keyCount..<(slot + 1) * keyCount, with: candidate)
      siftDown(0)
    }
  }

  /// The rows held, in order.
  func sorted() -> [FileRow] {
    var slots = Array(0..<rows.count)
    slots.withUnsafeMutableBufferPointer { slots in
      introsort(slots) { a, b in compareSlots(a, b) < 0 }
    }
    return slots.map { rows[$0] }
  }

  /// The key values of `slot` in `values`, the storage of ``values``.
  private func keys(
    of slot: Int, in values: UnsafeBufferPointer<SortValue?>
  ) -> UnsafeBufferPointer<SortValue?> {
    UnsafeBufferPointer(rebasing: values[slot * keyCount..<(slot + 1) * keyCount])
  }

  /// Whether `row`, whose values are the candidate's, comes before the row
  /// in `slot`.
  ///
  /// Mutating though it changes nothing: called from the mutating
  /// ``add(_:)`` for every row offered, a non-mutating method is handed a
  /// copy of the whole struct (a retain and a release of each of its
  /// arrays), where a mutating one reads the rows where they are.
  private mutating func comparesBefore(_ row: FileRow, _ slot: Int) -> Bool {
    candidate.withUnsafeBufferPointer { candidate in
      values.withUnsafeBufferPointer { values in
        order.compare(row, candidate, rows[slot], keys(of: slot, in: values)) < 0
      }
    }
  }

  private func compareSlots(_ a: Int, _ b: Int) -> Int {
    values.withUnsafeBufferPointer { values in
      order.compare(rows[a], keys(of: a, in: values), rows[b], keys(of: b, in: values))
    }
  }

  // MARK: - The heap of a limit: the worst row on top

  // The heap is moved out while it is sifted, so that the comparison can
  // read the rows without sharing (and so copying) its storage.

  private mutating func siftUp(_ start: Int) {
    var heap = self.heap
    self.heap = []
    Heap.siftUp(&heap, from: start) { a, b in compareSlots(a, b) > 0 }
    self.heap = heap
  }

  private mutating func siftDown(_ start: Int) {
    var heap = self.heap
    self.heap = []
    Heap.siftDown(&heap, from: start) { a, b in compareSlots(a, b) > 0 }
    self.heap = heap
  }
}

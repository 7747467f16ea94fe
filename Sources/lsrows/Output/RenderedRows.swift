/// Rendered rows back to back in one buffer, and where each ends: a batch
/// of a sorted run on its way to the writer, without an array per row.
struct RenderedRows {
  private(set) var bytes: [UInt8] = []
  private var ends: [Int] = []

  var count: Int { ends.count }

  /// Where each row lies in ``bytes``, in order.
  var ranges: LazyMapSequence<Range<Int>, Range<Int>> {
    let ends = self.ends
    return ends.indices.lazy.map { index in (index == 0 ? 0 : ends[index - 1])..<ends[index] }
  }

  mutating func append(_ row: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: row)
    ends.append(bytes.count)
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }
}

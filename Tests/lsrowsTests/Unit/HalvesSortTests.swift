import Testing

@testable import lsrows

/// The two-thread sort of large listings: the same order as one thread's
/// introsort on either side of its threshold, with ties, presorted runs and
/// a comparison that reads data beside the buffer.
@Suite struct HalvesSortTests {
  func sorted(_ values: [Int]) -> [Int] {
    var values = values
    values.withUnsafeMutableBufferPointer { buffer in HalvesSort.sort(buffer) { $0 < $1 } }
    return values
  }

  @Test(arguments: [0, 1, 2, 100, HalvesSort.threshold - 1, HalvesSort.threshold, 100_003])
  func sortsAsOneThreadDoes(count: Int) {
    var random = SeededRandom()
    let values = (0..<count).map { _ in Int.random(in: 0..<max(1, count / 3), using: &random) }
    #expect(sorted(values) == values.sorted(), "\(random)")
    #expect(sorted(Array((0..<count).reversed())) == Array(0..<count))
    // Each half already sorted, interleaved: every step of the merge takes
    // from the other half.
    let halves = (0..<count).map { $0 < count / 2 ? 2 * $0 : 2 * ($0 - count / 2) + 1 }
    #expect(sorted(halves) == halves.sorted())
  }

  /// A key read through an index into another array, as the listing's
  /// comparison reads names and details beside its entries.
  @Test func readsTheComparisonsDataFromBothThreads() {
    var random = SeededRandom()
    let count = 3 * HalvesSort.threshold
    let keys = (0..<count).map { _ in UInt32.random(in: 0..<1000, using: &random) }
    var indexes = Array(0..<count).shuffled(using: &random)
    indexes.withUnsafeMutableBufferPointer { buffer in
      HalvesSort.sort(buffer) { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
    }
    #expect(indexes == Array(0..<count).sorted { (keys[$0], $0) < (keys[$1], $1) }, "\(random)")
  }
}

import Testing

@testable import lsrows

/// The sort every order uses: correct at every size, and O(n log n) even on
/// the inputs that make quicksort quadratic.
@Suite struct IntrosortTests {
  func sorted(_ values: [Int], depthLimit: Int? = nil) -> (result: [Int], comparisons: Int) {
    var values = values
    var comparisons = 0
    values.withUnsafeMutableBufferPointer { buffer in
      introsort(buffer, depthLimit: depthLimit) { a, b in
        comparisons += 1
        return a < b
      }
    }
    return (values, comparisons)
  }

  @Test(arguments: [0, 1, 2, 3, 5, 10, 19, 20, 21, 22, 64, 1000])
  func sortsRandomInputsOnBothSidesOfTheInsertionSortCutoff(count: Int) {
    var random = SeededRandom()
    for _ in 0..<20 {
      let values = (0..<count).map { _ in Int.random(in: 0..<max(1, count / 2), using: &random) }
      #expect(sorted(values).result == values.sorted(), "\(random)")
    }
    #expect(insertionSortThreshold < 21, "the larger counts reach the partition")
  }

  @Test(arguments: [100, 2000])
  func sortsPresortedReversedAndEqualInputs(count: Int) {
    for values in [
      Array(0..<count), Array((0..<count).reversed()), Array(repeating: 7, count: count),
      (0..<count).map { $0 % 2 }, (0..<count).map { $0 < count / 2 ? $0 : count - $0 },
    ] {
      #expect(sorted(values).result == values.sorted())
    }
  }

  /// The input that makes this quicksort as slow as it can be.
  ///
  /// McIlroy's adversary ("A Killer Adversary for Quicksort", 1999) answers
  /// comparisons lazily so that every pivot is as bad as it can be, and
  /// records the input that does it. Fed back to the sort, that input
  /// drives quicksort to the bottom: only the heapsort fallback keeps the
  /// sort O(n log n).
  func killerInput(count: Int, depthLimit: Int?) -> [Int] {
    let gas = count
    var value = Array(repeating: gas, count: count)
    var solid = 0
    var candidate = 0
    var indices = Array(0..<count)
    indices.withUnsafeMutableBufferPointer { buffer in
      introsort(buffer, depthLimit: depthLimit) { x, y in
        if value[x] == gas && value[y] == gas {
          if x == candidate {
            value[x] = solid
          } else {
            value[y] = solid
          }
          solid += 1
        }
        if value[x] == gas {
          candidate = x
        } else if value[y] == gas {
          candidate = y
        }
        return value[x] < value[y]
      }
    }
    return value
  }

  @Test func theAdversaryMakesPlainQuicksortQuadratic() {
    // Without the fallback (an unlimited depth) the adversary's input
    // costs quadratic comparisons: the test below can fail.
    let count = 3000
    let input = killerInput(count: count, depthLimit: .max)
    let (result, comparisons) = sorted(input, depthLimit: .max)
    #expect(result == input.sorted())
    #expect(comparisons > count * count / 8)
  }

  @Test func heapsortKeepsTheAdversaryInputFast() {
    let count = 3000
    let input = killerInput(count: count, depthLimit: nil)
    let (result, comparisons) = sorted(input)
    #expect(result == input.sorted())
    let logCount = Int.bitWidth - count.leadingZeroBitCount
    #expect(comparisons < 6 * count * logCount, "\(comparisons) comparisons")
  }
}

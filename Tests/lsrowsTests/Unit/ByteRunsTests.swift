import Testing

@testable import lsrows

/// Two runs of bytes appended as one come out as the two appended one
/// after the other, whatever room the array had.
@Suite struct ByteRunsTests {
  private static let lengths = [0, 1, 2, 3, 5, 10, 100]

  @Test(arguments: lengths, lengths)
  func appendingBothRunsIsAppendingEachInTurn(firstCount: Int, secondCount: Int) {
    let first = (0..<firstCount).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
    let second = (0..<secondCount).map { UInt8(truncatingIfNeeded: 255 &- $0) }
    for existing in [[], [0x2F], Array(repeating: UInt8(0x41), count: 40)] as [[UInt8]] {
      for spare in [0, 1, 200] {
        var bytes = existing
        bytes.reserveCapacity(existing.count + spare)
        first.withUnsafeBufferPointer { first in
          second.withUnsafeBufferPointer { second in
            bytes.append(contentsOf: ByteRuns(first: first, second: second))
          }
        }
        #expect(bytes == existing + first + second)
      }
    }
  }

  /// `append(to:)` copies short runs word by word, overlapping: every
  /// length of each size it treats apart, and the lengths around them.
  @Test func appendingToAnArrayCopiesRunsOfEveryLength() {
    let source = (0..<160).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    source.withUnsafeBufferPointer { source in
      for firstCount in 0...72 {
        for secondCount in 0...72 {
          let first = UnsafeBufferPointer(rebasing: source[..<firstCount])
          let second = UnsafeBufferPointer(rebasing: source[(160 - secondCount)...])
          var bytes: [UInt8] = [0xEE]
          ByteRuns(first: first, second: second).append(to: &bytes)
          #expect(bytes == [0xEE] + Array(first) + Array(second))
        }
      }
    }
  }

  @Test func aBufferWithTooLittleRoomTakesWhatFitsAndTheRestFollows() {
    let first: [UInt8] = [1, 2, 3]
    let second: [UInt8] = [4, 5]
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        let runs = ByteRuns(first: first, second: second)
        let target = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4)
        defer { target.deallocate() }
        var (rest, written) = runs._copyContents(initializing: target)
        #expect(written == 4)
        #expect(Array(target) == [1, 2, 3, 4])
        #expect(rest.next() == 5)
        #expect(rest.next() == nil)
      }
    }
  }

  @Test func iteratingReadsBothRunsInOrder() {
    let first: [UInt8] = [9, 8]
    let second: [UInt8] = [7]
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        #expect(Array(ByteRuns(first: first, second: second)) == [9, 8, 7])
        #expect(Array(ByteRuns(first: second, second: first)) == [7, 9, 8])
      }
    }
  }
}

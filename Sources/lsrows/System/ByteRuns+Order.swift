import Glibc

extension ByteRuns {
  /// The byte-wise order of two joined runs (negative when `a` comes
  /// first), as if each were one array: a path compared as its directory's
  /// prefix and its name, without joining them.
  static func compare(_ a: ByteRuns, _ b: ByteRuns) -> Int {
    let countA = a.underestimatedCount
    let countB = b.underestimatedCount
    let common = Swift.min(countA, countB)
    var position = 0
    while position < common {
      let (startA, lengthA) = a.contiguousBytes(at: position)
      let (startB, lengthB) = b.contiguousBytes(at: position)
      let length = Swift.min(lengthA, lengthB, common - position)
      let order = memcmp(startA, startB, length)
      if order != 0 { return order < 0 ? -1 : 1 }
      position += length
    }
    return countA == countB ? 0 : (countA < countB ? -1 : 1)
  }

  /// Where the bytes from `position` on lie in memory, and how many follow
  /// there: the rest of whichever run `position` falls in.
  private func contiguousBytes(at position: Int) -> (UnsafePointer<UInt8>, Int) {
    if position < first.count {
      return (first.baseAddress! + position, first.count - position)
    }
    let offset = position - first.count
    return (second.baseAddress! + offset, second.count - offset)
  }
}

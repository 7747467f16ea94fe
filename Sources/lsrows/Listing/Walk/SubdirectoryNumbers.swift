/// The prefetch's numbers for the subdirectories a frame descends into, in
/// the order it descends.
///
/// The prefetch numbers the subdirectories of each batch it is given one
/// after the other, so a batch's numbers are one range: kept as ranges, a
/// frame allocates nothing for them, where an array of numbers would take
/// two allocations per directory.
struct SubdirectoryNumbers {
  private var current: Range<Int> = 0..<0
  /// The ranges of batches read before the current one was used up: only
  /// a streamed operand has them, so no array is allocated until one comes.
  private var later: [Range<Int>] = []

  /// Adds the numbers of the next batch's subdirectories.
  mutating func append(_ numbers: Range<Int>) {
    if current.isEmpty && later.isEmpty {
      current = numbers
    } else {
      later.append(numbers)
    }
  }

  /// The number of the next subdirectory to descend into; `nil` when it
  /// was not numbered.
  mutating func next() -> Int? {
    while current.isEmpty {
      guard !later.isEmpty else { return nil }
      current = later.removeFirst()
    }
    return current.popFirst()
  }
}

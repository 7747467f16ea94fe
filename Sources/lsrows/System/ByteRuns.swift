/// Two runs of bytes read as one sequence, so that an array takes both in
/// one append.
///
/// A row's text is its directory's prefix and then its name, from two
/// arrays. Appended one after the other, each would pay the array's
/// uniqueness and capacity checks, twice a row; this sequence tells the
/// array its length up front and copies both runs into the room the array
/// made.
struct ByteRuns: Sequence {
  let first: UnsafeBufferPointer<UInt8>
  let second: UnsafeBufferPointer<UInt8>

  /// Appends both runs to `bytes`: when the first is empty (a row with no
  /// prefix), the second as one contiguous copy, which costs the array
  /// less than its generic append of a sequence does.
  func append(to bytes: inout [UInt8]) {
    if first.isEmpty {
      bytes.append(contentsOf: second)
    } else {
      bytes.append(contentsOf: self)
    }
  }

  var underestimatedCount: Int {
    first.count + second.count
  }

  struct Iterator: IteratorProtocol {
    let runs: ByteRuns
    /// How many bytes of both runs were read.
    var position = 0

    mutating func next() -> UInt8? {
      let position = self.position
      if position < runs.first.count {
        self.position += 1
        return runs.first[position]
      }
      guard position - runs.first.count < runs.second.count else { return nil }
      self.position += 1
      return runs.second[position - runs.first.count]
    }
  }

  func makeIterator() -> Iterator {
    Iterator(runs: self)
  }

  /// Copies both runs into `buffer`, as much as it has room for.
  func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> (Iterator, UnsafeMutableBufferPointer<UInt8>.Index) {
    let count = underestimatedCount
    guard let target = buffer.baseAddress, buffer.count >= count else {
      // No room for both (an array always makes it): a byte at a time.
      var iterator = makeIterator()
      var written = buffer.startIndex
      while written < buffer.endIndex, let byte = iterator.next() {
        buffer.initializeElement(at: written, to: byte)
        written += 1
      }
      return (iterator, written)
    }
    if let source = first.baseAddress {
      target.initialize(from: source, count: first.count)
    }
    if let source = second.baseAddress {
      (target + first.count).initialize(from: source, count: second.count)
    }
    return (Iterator(runs: self, position: count), count)
  }
}

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

  /// Appends both runs to `bytes`, copied straight into the room the
  /// array adds for them.
  ///
  /// The array's append of a sequence, even one that copies its contents
  /// in one go, checks for more elements after the copy and costs some
  /// hundred instructions a row more than the two copies themselves.
  @inline(__always)
  func append(to bytes: inout [UInt8]) {
    let count = first.count + second.count
    bytes.append(addingCapacity: count) { span in
      span.withUnsafeMutableBufferPointer { room, initialized in
        guard let target = room.baseAddress else { return }
        Self.copy(first, to: target)
        Self.copy(second, to: target + first.count)
        initialized = count
      }
    }
  }

  /// Copies `bytes` to `target`: a run of up to 64 bytes (most names and
  /// paths) with a few loads and stores in line, overlapping where the
  /// count is not a multiple of their size; a longer one with `memcpy`,
  /// whose call cost more than the copy of a short run.
  @inline(__always)
  private static func copy(
    _ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>
  ) {
    guard let base = bytes.baseAddress else { return }
    let source = UnsafeRawPointer(base)
    let destination = UnsafeMutableRawPointer(target)
    let count = bytes.count
    func move<Word>(_: Word.Type, at offset: Int) {
      destination.storeBytes(
        of: source.loadUnaligned(fromByteOffset: offset, as: Word.self), toByteOffset: offset,
        as: Word.self)
    }
    switch count {
    case 0:
      return
    case 1...3:
      target[0] = base[0]
      target[count / 2] = base[count / 2]
      target[count - 1] = base[count - 1]
    case 4...7:
      move(UInt32.self, at: 0)
      move(UInt32.self, at: count - 4)
    case 8...16:
      move(UInt64.self, at: 0)
      move(UInt64.self, at: count - 8)
    case 17...32:
      move(UInt64.self, at: 0)
      move(UInt64.self, at: 8)
      move(UInt64.self, at: count - 16)
      move(UInt64.self, at: count - 8)
    case 33...64:
      for offset in stride(from: 0, to: 32, by: 8) {
        move(UInt64.self, at: offset)
        move(UInt64.self, at: count - 32 + offset)
      }
    default:
      target.initialize(from: base, count: count)
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

/// Lists sorted by name, merged into one order and handed out a batch at a
/// time, so that a large directory can be sorted in chunks (on one thread
/// while another reads the next) and written without a sorted copy of it
/// all.
///
/// Chunks are merged into a few runs as they arrive (``Builder``); then a
/// loser tree picks each next name of the runs with one comparison per
/// level. Each comparison reads a 16-byte key made once per name from the
/// bytes after what every name shares, as ``NameSort`` does. Runs and tree
/// live in memory of their own, outside Swift's reference counting and
/// exclusivity checks, since the merge does a few comparisons per row of a
/// million-entry directory.
///
/// One thread at a time uses a merge: the one that made it, or the one it
/// is handed to (``MergedBatches``).
final class ChunkMerge {
  private let chunks: UnsafeMutableBufferPointer<Chunk>
  /// Per leaf: the position of the chunk's next name, and its count.
  private let heads: UnsafeMutablePointer<Int>
  private let ends: UnsafeMutablePointer<Int>
  /// Per leaf: where the chunk's entries and names are, read by the
  /// matches without copying a ``Chunk`` (and retaining its extras) each
  /// time; `nil` past the chunks.
  private let entryBases: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
  private let nameBases: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
  /// Whether some chunk's rows carry more than names, to be copied row by
  /// row with them.
  private let hasExtras: Bool
  /// The loser tree: `tree[0]` is the chunk whose head comes next.
  ///
  /// `tree[1..<leaves]` hold the loser of each match; leaves past the
  /// chunks are empty.
  private let tree: UnsafeMutablePointer<Int>
  private let leaves: Int
  /// The bytes every name shares, plus the sixteen the keys hold.
  private let tieOffset: Int
  private let isReversed: Bool
  /// The mean name length, for sizing batches.
  private let meanNameLength: Int

  /// A merge of `chunks`, whose keys start after `sharedPrefix` bytes; made
  /// by ``Builder/finish()``.
  init(_ chunks: [Chunk], sharedPrefix: Int, isReversed: Bool) {
    self.isReversed = isReversed
    var leaves = 1
    while leaves < chunks.count { leaves *= 2 }
    self.leaves = leaves
    self.chunks = .allocate(capacity: chunks.count)
    _ = self.chunks.initialize(from: chunks)
    heads = .allocate(capacity: leaves)
    heads.initialize(repeating: 0, count: leaves)
    ends = .allocate(capacity: leaves)
    ends.initialize(repeating: 0, count: leaves)
    entryBases = .allocate(capacity: leaves)
    entryBases.initialize(repeating: nil, count: leaves)
    nameBases = .allocate(capacity: leaves)
    nameBases.initialize(repeating: nil, count: leaves)
    for (index, chunk) in chunks.enumerated() {
      ends[index] = chunk.entries.count
      entryBases[index] = chunk.entries.baseAddress
      nameBases[index] = chunk.names.baseAddress
    }
    hasExtras = chunks.contains { $0.extras != nil }
    tree = .allocate(capacity: leaves)
    tree.initialize(repeating: 0, count: leaves)
    tieOffset = sharedPrefix + 16
    let count = chunks.reduce(0) { $0 + $1.entries.count }
    let bytes = chunks.reduce(0) { $0 + $1.names.count }
    meanNameLength = count == 0 ? 0 : bytes / count
    build()
  }

  deinit {
    for index in chunks.indices where heads[index] < ends[index] { chunks[index].release() }
    chunks.deinitialize().deallocate()
    heads.deallocate()
    ends.deallocate()
    entryBases.deallocate()
    nameBases.deallocate()
    tree.deallocate()
  }

  /// Whether every name has been handed out.
  var isExhausted: Bool {
    heads[tree[0]] >= ends[tree[0]]
  }

  /// The next names in order, at most `maximum` of them, as a list of their
  /// own (with their details, targets and contexts).
  ///
  /// - Throws: ``MemoryExhausted`` when there is no room for the batch.
  func nextBatch(maximum: Int) throws(MemoryExhausted) -> EntryList {
    if hasExtras { return try nextBatchWithExtras(maximum: maximum) }
    // Room for the batch's names at their mean length, and one more of
    // any length; a batch ends early if its names run longer.
    let nameCapacity = maximum * (meanNameLength + 1) + 256
    try Memory.checkRoom(for: Entry.self, count: maximum)
    try Memory.checkRoom(for: UInt8.self, count: nameCapacity)
    var batch = EntryList()
    // Filled through unchecked buffers: appending to the arrays row by
    // row would pay their checks for every row of the merge.
    batch.entries = [Entry](unsafeUninitializedCapacity: maximum) { entries, taken in
      batch.names = [UInt8](unsafeUninitializedCapacity: nameCapacity) { names, used in
        while taken < maximum {
          let winner = tree[0]
          let position = heads[winner]
          guard position < ends[winner] else { break }
          var entry = entryBases[winner]![position]
          let length = Int(entry.nameLength) + 1
          guard used + length <= nameCapacity else { break }
          let name = nameBases[winner]! + Int(entry.nameOffset)
          // From the chunk's copy: read from the batch's, just written, the
          // prefix's load waited for the copy's stores.
          entry.restoreSortWords(name: UnsafeBufferPointer(start: name, count: length - 1))
          // The name and the NUL after it.
          (names.baseAddress! + used).initialize(from: name, count: length)
          entry.nameOffset = UInt32(used)
          entry.index = UInt32(taken)
          (entries.baseAddress! + taken).initialize(to: entry)
          used += length
          taken += 1
          advance(winner, past: position)
        }
      }
    }
    return batch
  }

  /// ``nextBatch(maximum:)`` for rows that carry more than names.
  private func nextBatchWithExtras(maximum: Int) throws(MemoryExhausted) -> EntryList {
    var batch = EntryList()
    try Memory.reserve(&batch.entries, atLeast: maximum)
    try Memory.reserve(&batch.names, atLeast: maximum * (meanNameLength + 1))
    var taken = 0
    while taken < maximum {
      let winner = tree[0]
      let position = heads[winner]
      guard position < ends[winner] else { break }
      var entry = entryBases[winner]![position]
      let start = Int(entry.nameOffset)
      // The name and the NUL after it.
      let name = UnsafeBufferPointer(
        start: nameBases[winner]! + start, count: Int(entry.nameLength) + 1)
      entry.restoreSortWords(name: UnsafeBufferPointer(rebasing: name.dropLast()))
      if let extras = chunks[winner].extras {
        try batch.appendCopy(of: entry, name: name, from: extras)
      } else {
        try batch.append(entry, name: name)
      }
      taken += 1
      advance(winner, past: position)
    }
    return batch
  }

  /// Moves chunk `winner`'s head past `position`, which was just handed
  /// out, freeing the chunk when that was its last name.
  @inline(__always)
  private func advance(_ winner: Int, past position: Int) {
    heads[winner] = position + 1
    if position + 1 == ends[winner] { chunks[winner].release() }
    replay(from: winner)
  }

  // MARK: - The tree

  /// Whether chunk `a`'s head comes before chunk `b`'s.
  @inline(__always)
  private func precedes(_ a: Int, _ b: Int) -> Bool {
    let headA = heads[a]
    let headB = heads[b]
    if headA >= ends[a] { return false }
    if headB >= ends[b] { return true }
    let order = ChunkMerge.compare(
      entryBases[a]![headA], in: nameBases[a]!, entryBases[b]![headB], in: nameBases[b]!,
      tieOffset: tieOffset)
    if order == 0 { return a < b }
    return ChunkMerge.comesFirst(order, isReversed: isReversed)
  }

  private func build() {
    var winners = [Int](repeating: 0, count: 2 * leaves)
    for leaf in 0..<leaves { winners[leaves + leaf] = leaf }
    var node = leaves - 1
    while node >= 1 {
      let left = winners[2 * node]
      let right = winners[2 * node + 1]
      if precedes(right, left) {
        winners[node] = right
        tree[node] = left
      } else {
        winners[node] = left
        tree[node] = right
      }
      node -= 1
    }
    tree[0] = winners[1]
  }

  /// Plays the matches on the path of `leaf`, whose head just changed.
  @inline(__always)
  private func replay(from leaf: Int) {
    var winner = leaf
    var node = (leaf + leaves) / 2
    while node >= 1 {
      let challenger = tree[node]
      if precedes(challenger, winner) {
        tree[node] = winner
        winner = challenger
      }
      node /= 2
    }
    tree[0] = winner
  }
}

/// Lists sorted by name, merged into one order and handed out a block at a
/// time, so that a large directory can be sorted in chunks (on one thread
/// while another reads the next) and written without a sorted copy of it
/// all.
///
/// A loser tree picks each next name with one comparison per level; each
/// comparison reads a 16-byte key made once per name from the bytes after
/// what every name shares, as ``NameSort`` does. Chunks, keys and tree live
/// in memory of their own, outside Swift's reference counting and
/// exclusivity checks, since the merge does a few comparisons per row of a
/// million-entry directory.
///
/// One thread at a time uses a merge: the one that made it, or the one it
/// is handed to (``MergedBlocks``).
final class ChunkMerge: @unchecked Sendable {
  /// Two eight-byte words of a name, from an offset.
  struct Key {
    var first: UInt64
    var second: UInt64
  }

  /// One sorted chunk, copied out of its list as it arrives.
  struct Chunk {
    let entries: UnsafeMutableBufferPointer<Entry>
    let names: UnsafeMutableBufferPointer<UInt8>
    let keys: UnsafeMutableBufferPointer<Key>
    /// The list itself, kept only when rows carry more than names.
    let extras: EntryList?

    /// Copies `list` and makes its keys from `offset`.
    ///
    /// - Throws: ``MemoryExhausted`` when there is no room for the copy.
    init(_ list: EntryList, keysAt offset: Int) throws(MemoryExhausted) {
      let entries = try Memory.allocate(Entry.self, capacity: list.count)
      guard let names = try? Memory.allocate(UInt8.self, capacity: list.names.count) else {
        entries.deallocate()
        throw MemoryExhausted()
      }
      guard let keys = try? Memory.allocate(Key.self, capacity: list.count) else {
        entries.deallocate()
        names.deallocate()
        throw MemoryExhausted()
      }
      _ = entries.initialize(from: list.entries)
      _ = names.initialize(from: list.names)
      self.entries = entries
      self.names = names
      self.keys = keys
      let hasExtras =
        !list.details.isEmpty || !list.symlinkTargets.isEmpty || !list.securityContexts.isEmpty
      if hasExtras {
        // Only what the copies above do not hold: keeping the entries and
        // names twice cost a sixth more memory on a million entries.
        var extras = list
        extras.entries = []
        extras.names = []
        self.extras = extras
      } else {
        extras = nil
      }
      makeKeys(at: offset)
    }

    func makeKeys(at offset: Int) {
      let names = UnsafePointer(self.names.baseAddress!)
      for (position, entry) in entries.enumerated() {
        keys[position] = Key(
          first: entry.nameWord(at: offset, in: names),
          second: entry.nameWord(at: offset + 8, in: names))
      }
    }

    /// The name at `position`, without the NUL after it.
    func name(at position: Int) -> UnsafeBufferPointer<UInt8> {
      let entry = entries[position]
      return UnsafeBufferPointer(
        start: names.baseAddress! + Int(entry.nameOffset), count: Int(entry.nameLength))
    }

    func release() {
      entries.deallocate()
      names.deallocate()
      keys.deallocate()
    }
  }

  /// Takes chunks as they are sorted, making their keys then, while the
  /// next chunk is still being read; the keys start where the first
  /// chunk's names stop agreeing, and are made again in the rare case that
  /// a later chunk disagrees sooner.
  struct Builder {
    private var chunks: [(chunk: Chunk, keyOffset: Int)] = []
    private var offset = 0
    private var reference: [UInt8] = []

    ///
    /// - Throws: ``MemoryExhausted`` when there is no room for the chunk.
    mutating func add(_ list: EntryList) throws(MemoryExhausted) {
      guard !list.isEmpty else { return }
      if chunks.isEmpty {
        reference = Array(list.name(of: list.entries[0]))
        offset = reference.count
      }
      for entry in [list.entries[0], list.entries[list.count - 1]] {
        offset = min(offset, sharedLength(list.name(of: entry)))
      }
      chunks.append((try Chunk(list, keysAt: offset), offset))
    }

    /// Frees the chunks taken, when the merge will not be made.
    func discard() {
      for (chunk, _) in chunks { chunk.release() }
    }

    /// How many bytes `name` shares with the first chunk's first name.
    ///
    /// A sorted chunk's names share at least what its first and last do.
    private func sharedLength(_ name: ArraySlice<UInt8>) -> Int {
      var index = 0
      let limit = min(offset, name.count)
      while index < limit && name[name.startIndex + index] == reference[index] { index += 1 }
      return index
    }

    /// The merge, with every chunk's keys made from the same offset.
    func finish(isReversed: Bool) -> ChunkMerge {
      for (chunk, keyOffset) in chunks where keyOffset != offset { chunk.makeKeys(at: offset) }
      return ChunkMerge(chunks.map(\.chunk), sharedPrefix: offset, isReversed: isReversed)
    }
  }

  private let chunks: UnsafeMutableBufferPointer<Chunk>
  /// Per leaf: the position of the chunk's next name, and its count.
  private let heads: UnsafeMutablePointer<Int>
  private let ends: UnsafeMutablePointer<Int>
  /// The loser tree: `tree[0]` is the chunk whose head comes next.
  ///
  /// `tree[1..<leaves]` hold the loser of each match; leaves past the
  /// chunks are empty.
  private let tree: UnsafeMutablePointer<Int>
  private let leaves: Int
  /// The bytes every name shares, plus the sixteen the keys hold.
  private let tieOffset: Int
  private let isReversed: Bool
  /// The mean name length, for sizing blocks.
  private let meanNameLength: Int

  private init(_ chunks: [Chunk], sharedPrefix: Int, isReversed: Bool) {
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
    for (index, chunk) in chunks.enumerated() { ends[index] = chunk.entries.count }
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
    tree.deallocate()
  }

  /// Whether every name has been handed out.
  var isExhausted: Bool {
    heads[tree[0]] >= ends[tree[0]]
  }

  /// The next names in order, at most `maximum` of them, as a list of their
  /// own (with their details, targets and contexts).
  ///
  /// - Throws: ``MemoryExhausted`` when there is no room for the block.
  func nextBlock(maximum: Int) throws(MemoryExhausted) -> EntryList {
    var block = EntryList()
    try Memory.reserve(&block.entries, atLeast: maximum)
    try Memory.reserve(&block.names, atLeast: maximum * (meanNameLength + 1))
    var taken = 0
    while taken < maximum {
      let winner = tree[0]
      let position = heads[winner]
      guard position < ends[winner] else { break }
      let chunk = chunks[winner]
      let entry = chunk.entries[position]
      let start = Int(entry.nameOffset)
      // The name and the NUL after it.
      let name = UnsafeBufferPointer(
        rebasing: chunk.names[start...(start + Int(entry.nameLength))])
      if let extras = chunk.extras {
        try block.appendCopy(of: entry, name: name, from: extras)
      } else {
        try block.append(entry, name: name)
      }
      heads[winner] = position + 1
      // Done with a chunk: its memory can go now.
      if position + 1 == ends[winner] { chunk.release() }
      replay(from: winner)
      taken += 1
    }
    return block
  }

  // MARK: - The tree

  /// Whether chunk `a`'s head comes before chunk `b`'s.
  @inline(__always)
  private func precedes(_ a: Int, _ b: Int) -> Bool {
    let headA = heads[a]
    let headB = heads[b]
    if headA >= ends[a] { return false }
    if headB >= ends[b] { return true }
    let keyA = chunks[a].keys[headA]
    let keyB = chunks[b].keys[headB]
    let order: Int32
    if keyA.first != keyB.first {
      order = keyA.first < keyB.first ? -1 : 1
    } else if keyA.second != keyB.second {
      order = keyA.second < keyB.second ? -1 : 1
    } else {
      order = compareRest(a, b)
    }
    if order == 0 { return a < b }
    return isReversed ? order > 0 : order < 0
  }

  /// Compares the heads of two chunks from ``tieOffset`` on.
  private func compareRest(_ a: Int, _ b: Int) -> Int32 {
    let nameA = chunks[a].name(at: heads[a])
    let nameB = chunks[b].name(at: heads[b])
    return compareBytes(
      nameA.baseAddress! + min(tieOffset, nameA.count), count: max(nameA.count - tieOffset, 0),
      nameB.baseAddress! + min(tieOffset, nameB.count), count: max(nameB.count - tieOffset, 0))
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

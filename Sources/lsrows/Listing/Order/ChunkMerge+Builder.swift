extension ChunkMerge {
  /// Takes chunks as they are sorted, making their keys then, while the
  /// next chunk is still being read; the keys start where the first
  /// chunk's names stop agreeing, and are made again in the rare case that
  /// a later chunk disagrees sooner.
  ///
  /// While more chunks are coming, the two newest runs are merged into one
  /// whenever they hold as many chunks each, up to ``largestRun``: the
  /// merge after the last chunk then reads a handful of runs instead of a
  /// chunk per 65,536 names. With sixteen runs, the final merge spent most
  /// of its time waiting on memory (more streams than the processor
  /// prefetches); the merges here run on a thread that would otherwise
  /// wait on the kernel.
  struct Builder {
    /// Each run, the offset its keys were made from, and how many chunks
    /// it holds.
    private var runs: [(chunk: Chunk, keyOffset: Int, chunkCount: Int)] = []
    private var offset = 0
    private var reference: [UInt8] = []
    private let isReversed: Bool

    /// The most chunks merged into one run before the last arrives: a
    /// merge holds both its runs and the merged copy at once, so larger
    /// runs would raise the peak by as much.
    static let largestRun = 4

    init(isReversed: Bool) {
      self.isReversed = isReversed
    }

    /// Takes a sorted list; `isLast` says no more will come, so nothing is
    /// merged early that the final merge would have to wait for.
    ///
    /// - Throws: ``MemoryExhausted`` when there is no room for the chunk.
    mutating func add(_ list: EntryList, isLast: Bool) throws(MemoryExhausted) {
      guard !list.isEmpty else { return }
      if runs.isEmpty {
        reference = Array(list.name(of: list.entries[0]))
        offset = reference.count
      }
      for entry in [list.entries[0], list.entries[list.count - 1]] {
        offset = min(offset, sharedLength(list.name(of: entry)))
      }
      runs.append((try Chunk(list, keysAt: offset), offset, 1))
      if !isLast { try mergeEqualRuns() }
    }

    /// Merges the two newest runs while they hold as many chunks each.
    private mutating func mergeEqualRuns() throws(MemoryExhausted) {
      while runs.count >= 2 {
        let newer = runs[runs.count - 1]
        let older = runs[runs.count - 2]
        guard newer.chunkCount == older.chunkCount,
          newer.chunkCount * 2 <= Self.largestRun,
          newer.chunk.extras == nil && older.chunk.extras == nil
        else { return }
        for run in [older, newer] where run.keyOffset != offset { run.chunk.makeKeys(at: offset) }
        let merged = try Chunk(
          merging: older.chunk, newer.chunk, tieOffset: offset + 16, isReversed: isReversed)
        runs.removeLast(2)
        runs.append((merged, offset, older.chunkCount * 2))
      }
    }

    /// Frees the chunks taken, when the merge will not be made.
    func discard() {
      for run in runs { run.chunk.release() }
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

    /// The merge, with every run's keys made from the same offset.
    func finish() -> ChunkMerge {
      for run in runs where run.keyOffset != offset { run.chunk.makeKeys(at: offset) }
      return ChunkMerge(runs.map(\.chunk), sharedPrefix: offset, isReversed: isReversed)
    }
  }
}

/// The blocks of a ``ChunkMerge``, merged on a thread of their own while
/// the rows of the previous ones are written: once the directory is read,
/// merging and writing are the only work left, and they overlap.
final class MergedBlocks {
  private let producer: ProducerThread<Blocks>
  private var waiting: [Result<EntryList, MemoryExhausted>] = []

  /// The blocks of `merge`, which this then owns, `rowsPerBlock` rows each.
  init(_ merge: sending ChunkMerge, rowsPerBlock: Int) {
    producer = ProducerThread(capacity: 4, Blocks(merge: merge, rowsPerBlock: rowsPerBlock))
  }

  /// The next block, or `nil` when every row has been handed out.
  ///
  /// - Throws: ``MemoryExhausted`` when there was no room for a block.
  func next() throws(MemoryExhausted) -> EntryList? {
    if waiting.isEmpty { waiting = producer.next().reversed() }
    return try waiting.popLast()?.get()
  }

  /// The merge, a block at a time, until it is exhausted or a block found
  /// no room.
  private struct Blocks: BatchProducer {
    let merge: ChunkMerge
    let rowsPerBlock: Int
    var failed = false

    mutating func next() -> Result<EntryList, MemoryExhausted>? {
      guard !failed, !merge.isExhausted else { return nil }
      let block = Result { () throws(MemoryExhausted) in
        try merge.nextBlock(maximum: rowsPerBlock)
      }
      if case .failure = block { failed = true }
      return block
    }
  }
}

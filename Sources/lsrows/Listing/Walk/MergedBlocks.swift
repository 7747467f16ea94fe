/// The blocks of a ``ChunkMerge``, merged on a thread of their own while
/// the rows of the previous ones are written: once the directory is read,
/// merging and writing are the only work left, and they overlap.
final class MergedBlocks {
  private let merge: ChunkMerge
  private let producer: ProducerThread<Result<EntryList, MemoryExhausted>>?
  private var waiting: [Result<EntryList, MemoryExhausted>] = []
  private(set) var isExhausted = false

  init(_ merge: ChunkMerge, rowsPerBlock: Int) {
    self.merge = merge
    let shared = UncheckedSendable(merge)
    producer = ProducerThread(capacity: 4) { yield in
      let merge = shared.value
      while !merge.isExhausted {
        let block = Result { () throws(MemoryExhausted) in
          try merge.nextBlock(maximum: rowsPerBlock)
        }
        if !yield(block) { return }
        if case .failure = block { return }
      }
    }
    if producer == nil { waitingInline = rowsPerBlock }
  }

  /// Without a second thread, blocks are merged when asked for, this many
  /// rows at a time.
  private var waitingInline: Int?

  /// The next block, or `nil` when every row has been handed out.
  ///
  /// - Throws: ``MemoryExhausted`` when there was no room for a block.
  func next() throws(MemoryExhausted) -> EntryList? {
    if let rows = waitingInline {
      guard !merge.isExhausted else {
        isExhausted = true
        return nil
      }
      return try merge.nextBlock(maximum: rows)
    }
    if waiting.isEmpty, let producer { waiting = producer.next().reversed() }
    guard let block = waiting.popLast() else {
      isExhausted = true
      return nil
    }
    return try block.get()
  }
}

/// The batches of a ``ChunkMerge``, merged on a thread of their own while
/// the rows of the previous ones are written: once the directory is read,
/// merging and writing are the only work left, and they overlap.
final class MergedBatches {
  private let producer: ProducerThread<Blocks>
  private var waiting: [Result<EntryList, MemoryExhausted>] = []

  /// The batches of `merge`, which this then owns, `rowsPerBatch` rows each.
  init(_ merge: sending ChunkMerge, rowsPerBatch: Int) {
    producer = ProducerThread(capacity: 4, Blocks(merge: merge, rowsPerBatch: rowsPerBatch))
  }

  /// The next batch, or `nil` when every row has been handed out.
  ///
  /// - Throws: ``MemoryExhausted`` when there was no room for a batch.
  func next() throws(MemoryExhausted) -> EntryList? {
    if waiting.isEmpty { waiting = producer.next().reversed() }
    return try waiting.popLast()?.get()
  }

  /// The merge, a batch at a time, until it is exhausted or a batch found
  /// no room.
  private struct Blocks: BatchProducer {
    let merge: ChunkMerge
    let rowsPerBatch: Int
    var failed = false

    mutating func next() -> Result<EntryList, MemoryExhausted>? {
      guard !failed, !merge.isExhausted else { return nil }
      let batch = Result { () throws(MemoryExhausted) in
        try merge.nextBatch(maximum: rowsPerBatch)
      }
      if case .failure = batch { failed = true }
      return batch
    }
  }
}

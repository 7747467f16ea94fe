/// How the walk reads a frame's entries: whole, streamed in batches at
/// the operand, or as batches of a directory sorted in chunks.
extension TreeWalker {
  /// Reads the frame's next batch: all of it, unless rows stream.
  func readBatch(_ frame: WalkFrame) {
    if let batches = frame.merged {
      return receiveMergedBatch(of: batches, into: frame)
    }
    guard let stream = frame.stream else {
      frame.finishedReading = true
      return
    }
    if frame.depth == configuration.maxDepth && configuration.streamingBatchSize == nil {
      // Not walked below: a large directory may be sorted in chunks.
      switch configuration.reader.readWhole(
        from: stream, at: frame.location, ruledBy: frame.ignoreScope,
        spareThreads: frame.depth == 1 ? operandSpareThreads : nil)
      {
      case .batch(let batch):
        receive(consume batch, into: frame)
      case .chunks(let merge, let outcome):
        receive(outcome, into: frame)
        guard !events.isStopped, !outcome.exhausted else { return }
        let batches = MergedBatches(merge, rowsPerBatch: configuration.rowsPerHandOff)
        frame.merged = batches
        frame.finishedReading = false
        receiveMergedBatch(of: batches, into: frame)
      }
      return
    }
    let limit = frame.depth == 1 ? (configuration.streamingBatchSize ?? .max) : .max
    let batch = configuration.reader.read(
      from: stream, limit: limit, at: frame.location, ruledBy: frame.ignoreScope,
      spareThreads: frame.depth == 1 ? operandSpareThreads : nil)
    if frame.depth == 1, let prefetch {
      frame.subdirectories.append(
        prefetch.queueSubdirectories(
          of: batch.list, at: frame.location, ruledBy: frame.ignoreScope, using: &prefetchReader))
    }
    receive(consume batch, into: frame)
  }

  /// Queues the next batch of a merged directory's rows.
  func receiveMergedBatch(of batches: MergedBatches, into frame: WalkFrame) {
    do throws(MemoryExhausted) {
      if let batch = try batches.next() {
        frame.receive(batch, isFiltered: configuration.reader.chunkFilter != nil)
      } else {
        frame.merged = nil
        frame.finishedReading = true
      }
    } catch {
      frame.merged = nil
      frame.finishedReading = true
      exhaust()
    }
  }

  /// Reads whatever is left of a frame before the budget closes it.
  func readOut(_ frame: WalkFrame) {
    while !frame.finishedReading && !events.isStopped { readBatch(frame) }
  }

  /// Queues a batch's entries in `frame` and reports its failures.
  func receive(_ batch: consuming DirectoryBatch, into frame: WalkFrame) {
    frame.finishedReading = batch.endsReading
    guard !batch.exhausted else { return exhaust() }
    if let error = batch.readError {
      // As ls: report the failure, then list whatever was read.
      send(
        .failure(
          .readDirectory(directoryPath(of: frame), error),
          FailureSeverity.of(failureAt: frame.depth)))
    }
    for failure in batch.failures { send(.failure(failure, FailureSeverity.entry)) }
    // Moved out and on, not copied: a copy retained and released each of
    // the list's five arrays and tables, for every directory.
    var list = EntryList()
    swap(&list, &batch.list)
    frame.receive(consume list)
  }
}

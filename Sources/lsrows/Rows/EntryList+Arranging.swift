extension EntryList {
  /// Rewrites the names, and the details unless `includingDetails` is
  /// false, in the order of ``entries``.
  ///
  /// After a sort, reading them in row order jumps all over memory and
  /// misses the cache on almost every row of a large directory. One tight
  /// copying pass, whose loads the processor overlaps, leaves them in order
  /// for everything that follows. The names are copied on this thread
  /// while another moves the details: they are separate arrays, and each
  /// pass waits on memory, not on the processor.
  ///
  /// Details no row reads (those only the sort compared) are left where
  /// they are, with the entries' indexes into them: moving them would cost
  /// a cache miss per entry for nothing.
  mutating func arrangeInEntryOrder(includingDetails: Bool = true) {
    let movesDetails = includingDetails && !details.isEmpty
    // Only an optimization: without room for the copies, skip it.
    var arrangedNames = [UInt8]()
    guard (try? Memory.reserve(&arrangedNames, atLeast: names.count)) != nil else { return }
    if movesDetails {
      guard let indexes = try? Memory.allocate(UInt32.self, capacity: entries.count) else { return }
      defer { indexes.deallocate() }
      // The permutation below runs on unchecked buffers.
      precondition(details.count == entries.count, "details for some entries only")
      for (position, entry) in entries.enumerated() { indexes[position] = entry.index }
      let sources = UnsafeBufferPointer(indexes)
      // Out of `self` while the names are arranged, so that the two parts
      // touch separate variables.
      var moving: [EntryDetails] = []
      swap(&moving, &details)
      moving.withUnsafeMutableBufferPointer { details in
        // Each part writes only its own arrays; both only read the rest.
        _ = Threads.runConcurrently(parts: 2) { part in
          if part == 0 {
            arrangeNames(into: &arrangedNames)
          } else {
            Self.permute(details, from: sources)
          }
        }
      }
      swap(&moving, &details)
    } else {
      arrangeNames(into: &arrangedNames)
      guard details.isEmpty else { return }
    }
    // The extras are keyed by index, which becomes the position below.
    if !symlinkTargets.isEmpty || !securityContexts.isEmpty || !entryCounts.isEmpty {
      var arrangedTargets: [UInt32: [UInt8]] = [:]
      var arrangedContexts: [UInt32: [UInt8]] = [:]
      var arrangedCounts: [UInt32: Int] = [:]
      for (position, entry) in entries.enumerated() {
        if let target = symlinkTargets[entry.index] { arrangedTargets[UInt32(position)] = target }
        if let context = securityContexts[entry.index] {
          arrangedContexts[UInt32(position)] = context
        }
        if let count = entryCounts[entry.index] { arrangedCounts[UInt32(position)] = count }
      }
      symlinkTargets = arrangedTargets
      securityContexts = arrangedContexts
      entryCounts = arrangedCounts
    }
    for position in entries.indices {
      entries[position].index = UInt32(position)
    }
  }

  /// Copies the names into `arranged` in entry order, leaving the entries'
  /// indexes (and so their details, targets and contexts) as they are.
  private mutating func arrangeNames(into arranged: inout [UInt8]) {
    names.withUnsafeBufferPointer { old in
      for position in entries.indices {
        let start = Int(entries[position].nameOffset)
        let end = start + Int(entries[position].nameLength) + 1
        entries[position].nameOffset = UInt32(arranged.count)
        arranged.append(contentsOf: UnsafeBufferPointer(rebasing: old[start..<end]))
      }
    }
    names = arranged
  }

  /// Moves the details at `sources[position]` to `position`, for every
  /// position, following the permutation's cycles, so that no second array
  /// of details is needed.
  ///
  /// The sources are a compact copy of the entries' indexes: the cycle's
  /// next step is then a read that hits the cache, and the processor runs
  /// ahead to the next details while the last are still coming.
  private static func permute(
    _ details: UnsafeMutableBufferPointer<EntryDetails>, from sources: UnsafeBufferPointer<UInt32>
  ) {
    var done = [UInt64](repeating: 0, count: (sources.count + 63) / 64)
    for start in sources.indices where done[start >> 6] & (1 << (start & 63)) == 0 {
      let saved = details[start]
      var position = start
      while true {
        done[position >> 6] |= 1 << (position & 63)
        let source = Int(sources[position])
        if source == start {
          details[position] = saved
          break
        }
        details[position] = details[source]
        position = source
      }
    }
  }
}

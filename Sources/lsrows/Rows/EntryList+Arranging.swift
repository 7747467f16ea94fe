extension EntryList {
  /// Rewrites the names, and the details unless `includingDetails` is
  /// false, in the order of ``entries``.
  ///
  /// After a sort, reading them in row order jumps all over memory and
  /// misses the cache on almost every row of a large directory. One tight
  /// copying pass, whose loads the processor overlaps, leaves them in order
  /// for everything that follows.
  ///
  /// Details no row reads (those only the sort compared) are left where
  /// they are, with the entries' indexes into them: moving them would cost
  /// a cache miss per entry for nothing.
  mutating func arrangeInEntryOrder(includingDetails: Bool = true) {
    var arrangedNames = [UInt8]()
    // Only an optimization: without room for a second copy, skip it.
    guard (try? Memory.reserve(&arrangedNames, atLeast: names.count)) != nil else { return }
    arrangeNames(into: &arrangedNames)
    guard includingDetails || details.isEmpty else { return }
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
    if !details.isEmpty {
      // The permutation below runs on unchecked buffers.
      precondition(details.count == entries.count, "details for some entries only")
      permuteDetailsInPlace()
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

  /// Moves each entry's details to the entry's position, following the
  /// permutation's cycles, so that no second array of details is needed.
  private mutating func permuteDetailsInPlace() {
    var done = [UInt64](repeating: 0, count: (entries.count + 63) / 64)
    entries.withUnsafeBufferPointer { entries in
      details.withUnsafeMutableBufferPointer { details in
        for start in entries.indices where done[start >> 6] & (1 << (start & 63)) == 0 {
          let saved = details[start]
          var position = start
          while true {
            done[position >> 6] |= 1 << (position & 63)
            let source = Int(entries[position].index)
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
  }
}

extension EntryList {
  /// Adds `entry`, whose name (with the NUL after it) is `name`.
  ///
  /// - Throws: ``MemoryExhausted`` when the system has no room for it.
  @inline(__always)
  mutating func append(_ entry: Entry, name: UnsafeBufferPointer<UInt8>) throws(MemoryExhausted) {
    if entries.count == entries.capacity {
      try Memory.reserve(&entries, atLeast: entries.count + 1)
    }
    if names.count + name.count > names.capacity {
      try Memory.reserve(&names, atLeast: names.count + name.count)
    }
    var copy = entry
    copy.nameOffset = UInt32(names.count)
    copy.index = UInt32(entries.count)
    names.append(contentsOf: name)
    entries.append(copy)
  }

  /// Adds a copy of `entry`, whose name (with the NUL after it) is `name`,
  /// and whatever `source` read about it (details, symlink target,
  /// security context), found by the entry's index.
  ///
  /// - Throws: ``MemoryExhausted`` when the system has no room for it.
  mutating func appendCopy(
    of entry: Entry, name: UnsafeBufferPointer<UInt8>, from source: EntryList
  ) throws(MemoryExhausted) {
    let index = UInt32(entries.count)
    try append(entry, name: name)
    if !source.details.isEmpty {
      if details.count == details.capacity {
        try Memory.reserve(&details, atLeast: details.count + 1)
      }
      details.append(source.details[Int(entry.index)])
    }
    if !source.symlinkTargets.isEmpty, let target = source.symlinkTargets[entry.index] {
      symlinkTargets[index] = target
    }
    if !source.securityContexts.isEmpty, let context = source.securityContexts[entry.index] {
      securityContexts[index] = context
    }
    if !source.entryCounts.isEmpty, let count = source.entryCounts[entry.index] {
      entryCounts[index] = count
    }
  }

  /// Adds `batch`, entries whose names lie in `batchNames` (each followed by
  /// its NUL), with name offsets into `batchNames` and indexes from zero,
  /// which this rewrites in place to count from the list's end
  /// (``PendingEntries`` gathers them).
  ///
  /// - Throws: ``MemoryExhausted`` when the system has no room for it.
  mutating func append(
    _ batch: UnsafeMutableBufferPointer<Entry>, names batchNames: UnsafeBufferPointer<UInt8>
  ) throws(MemoryExhausted) {
    guard !batch.isEmpty else { return }
    try Memory.reserve(&entries, atLeast: entries.count + batch.count)
    try Memory.reserve(&names, atLeast: names.count + batchNames.count)
    let nameBase = UInt32(names.count)
    let indexBase = UInt32(entries.count)
    for position in batch.indices {
      batch[position].nameOffset += nameBase
      batch[position].index += indexBase
    }
    names.append(contentsOf: batchNames)
    entries.append(contentsOf: UnsafeBufferPointer(batch))
  }

  /// Adds the entries of `other`, which has nothing read about them, after
  /// this list's; `other`'s entries are rewritten in the process.
  ///
  /// - Throws: ``MemoryExhausted`` when the system has no room for them.
  mutating func append(contentsOf other: inout EntryList) throws(MemoryExhausted) {
    let otherNames = other.names
    try other.entries.withUnsafeMutableBufferPointer { batch throws(MemoryExhausted) in
      try otherNames.withUnsafeBufferPointer { names throws(MemoryExhausted) in
        try append(batch, names: names)
      }
    }
  }
}

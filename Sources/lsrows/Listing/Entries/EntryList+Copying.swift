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

  /// Adds a copy of the entry at `position` of `source`: its name, and
  /// whatever was read about it (details, symlink target, security context).
  ///
  /// - Throws: ``MemoryExhausted`` when the system has no room for it.
  mutating func appendCopy(of position: Int, from source: EntryList) throws(MemoryExhausted) {
    let entry = source.entries[position]
    let start = Int(entry.nameOffset)
    let length = Int(entry.nameLength)
    if entries.count == entries.capacity {
      try Memory.reserve(&entries, atLeast: entries.count + 1)
    }
    if names.count + length + 1 > names.capacity {
      try Memory.reserve(&names, atLeast: names.count + length + 1)
    }
    let index = UInt32(entries.count)
    var copy = entry
    copy.nameOffset = UInt32(names.count)
    copy.index = index
    source.names.withUnsafeBufferPointer { bytes in
      // The name and the NUL after it.
      names.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...(start + length)]))
    }
    entries.append(copy)
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
  }
}

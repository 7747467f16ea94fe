extension ChunkMerge {
  /// Two eight-byte words of a name, from an offset.
  struct Key {
    var first: UInt64
    var second: UInt64
  }

  /// One sorted run of names: a chunk copied out of its list as it
  /// arrives, or two such runs merged into one.
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
      (entries, names, keys) = try Self.allocate(rows: list.count, nameBytes: list.names.count)
      _ = entries.initialize(from: list.entries)
      _ = names.initialize(from: list.names)
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

    /// Merges two runs whose keys start at the same offset, `first`'s name
    /// first where two are equal, and frees them.
    ///
    /// Neither may carry extras: their entries' indexes would no longer
    /// find them.
    ///
    /// - Throws: ``MemoryExhausted`` when there is no room for the merged
    ///   run; both runs are kept then.
    init(
      merging first: Chunk, _ second: Chunk, tieOffset: Int, isReversed: Bool
    ) throws(MemoryExhausted) {
      precondition(first.extras == nil && second.extras == nil, "runs with extras merged")
      let (entries, names, keys) = try Self.allocate(
        rows: first.entries.count + second.entries.count,
        nameBytes: first.names.count + second.names.count)
      var nameEnd = 0
      var row = 0
      func take(_ position: Int, of run: Chunk) {
        var entry = run.entries[position]
        let length = Int(entry.nameLength) + 1
        (names.baseAddress! + nameEnd).initialize(
          from: run.names.baseAddress! + Int(entry.nameOffset), count: length)
        entry.nameOffset = UInt32(nameEnd)
        entries[row] = entry
        keys[row] = run.keys[position]
        nameEnd += length
        row += 1
      }
      var (left, right) = (0, 0)
      while left < first.entries.count && right < second.entries.count {
        let order = first.compare(left, with: second, at: right, tieOffset: tieOffset)
        if order == 0 || (isReversed ? order > 0 : order < 0) {
          take(left, of: first)
          left += 1
        } else {
          take(right, of: second)
          right += 1
        }
      }
      for position in left..<first.entries.count { take(position, of: first) }
      for position in right..<second.entries.count { take(position, of: second) }
      first.release()
      second.release()
      (self.entries, self.names, self.keys, extras) = (entries, names, keys, nil)
    }

    private static func allocate(
      rows: Int, nameBytes: Int
    ) throws(MemoryExhausted) -> (
      UnsafeMutableBufferPointer<Entry>, UnsafeMutableBufferPointer<UInt8>,
      UnsafeMutableBufferPointer<Key>
    ) {
      let entries = try Memory.allocate(Entry.self, capacity: rows)
      guard let names = try? Memory.allocate(UInt8.self, capacity: nameBytes) else {
        entries.deallocate()
        throw MemoryExhausted()
      }
      guard let keys = try? Memory.allocate(Key.self, capacity: rows) else {
        entries.deallocate()
        names.deallocate()
        throw MemoryExhausted()
      }
      return (entries, names, keys)
    }

    func makeKeys(at offset: Int) {
      let names = UnsafePointer(self.names.baseAddress!)
      for (position, entry) in entries.enumerated() {
        keys[position] = Key(
          first: entry.nameWord(at: offset, in: names),
          second: entry.nameWord(at: offset + 8, in: names))
      }
    }

    /// How the name at `position` sorts against `other`'s at
    /// `otherPosition`: by their keys, then by their bytes from
    /// `tieOffset` (the keys' offset plus the sixteen bytes they hold).
    @inline(__always)
    func compare(
      _ position: Int, with other: Chunk, at otherPosition: Int, tieOffset: Int
    ) -> Int32 {
      let key = keys[position]
      let otherKey = other.keys[otherPosition]
      if key.first != otherKey.first { return key.first < otherKey.first ? -1 : 1 }
      if key.second != otherKey.second { return key.second < otherKey.second ? -1 : 1 }
      let name = self.name(at: position)
      let otherName = other.name(at: otherPosition)
      return compareBytes(
        name.baseAddress! + min(tieOffset, name.count), count: max(name.count - tieOffset, 0),
        otherName.baseAddress! + min(tieOffset, otherName.count),
        count: max(otherName.count - tieOffset, 0))
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
}

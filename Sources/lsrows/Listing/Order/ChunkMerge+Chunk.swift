extension ChunkMerge {
  /// One sorted run of names: a chunk copied out of its list as it
  /// arrives, or two such runs merged into one.
  ///
  /// Its entries' two sort words (``Entry/namePrefix``, ``Entry/sortValue``,
  /// which the sort of the chunk is done with) hold its merge key: the
  /// sixteen name bytes after the offset, as two big-endian words. Kept in
  /// an array of their own, the keys would be a third stream of loads for
  /// each run, and sixteen bytes more per name.
  struct Chunk {
    let entries: UnsafeMutableBufferPointer<Entry>
    let names: UnsafeMutableBufferPointer<UInt8>
    /// The list itself, kept only when rows carry more than names.
    let extras: EntryList?

    /// Copies `list`, sorted, with its names in the order of its entries,
    /// and makes its keys from `offset`.
    ///
    /// The copy is the pass that puts the names in order, so the sort
    /// leaves them where they were read (``EntryOrder/sort(_:at:arrangesNames:)``).
    /// Entries keep their indexes, which find their extras.
    ///
    /// - Throws: ``MemoryExhausted`` when there is no room for the copy.
    init(_ list: EntryList, keysAt offset: Int) throws(MemoryExhausted) {
      let (entries, names) = try Self.allocate(rows: list.count, nameBytes: list.names.count)
      var used = 0
      list.names.withUnsafeBufferPointer { source in
        for position in list.entries.indices {
          var entry = list.entries[position]
          // The name and the NUL after it.
          let length = Int(entry.nameLength) + 1
          (names.baseAddress! + used).initialize(
            from: source.baseAddress! + Int(entry.nameOffset), count: length)
          entry.nameOffset = UInt32(used)
          (entries.baseAddress! + position).initialize(to: entry)
          used += length
        }
      }
      self.entries = entries
      // Names removed from the list (by a filter) left their bytes behind.
      self.names = UnsafeMutableBufferPointer(rebasing: names[..<used])
      let hasExtras =
        !list.details.isEmpty || !list.symlinkTargets.isEmpty || !list.securityContexts.isEmpty
        || !list.entryCounts.isEmpty
      if hasExtras {
        // Only what the copies above do not hold: the entries and names are
        // a large directory's bulk, and would otherwise be kept twice.
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
      let (entries, names) = try Self.allocate(
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
        nameEnd += length
        row += 1
      }
      var (left, right) = (0, 0)
      while left < first.entries.count && right < second.entries.count {
        let order = ChunkMerge.compare(
          first.entries[left], in: first.names.baseAddress!, second.entries[right],
          in: second.names.baseAddress!, tieOffset: tieOffset)
        if order == 0 || ChunkMerge.comesFirst(order, isReversed: isReversed) {
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
      (self.entries, self.names, extras) = (entries, names, nil)
    }

    private static func allocate(
      rows: Int, nameBytes: Int
    ) throws(MemoryExhausted) -> (
      UnsafeMutableBufferPointer<Entry>, UnsafeMutableBufferPointer<UInt8>
    ) {
      let entries = try Memory.allocate(Entry.self, capacity: rows)
      guard let names = try? Memory.allocate(UInt8.self, capacity: nameBytes) else {
        entries.deallocate()
        throw MemoryExhausted()
      }
      return (entries, names)
    }

    func makeKeys(at offset: Int) {
      let names = UnsafePointer(self.names.baseAddress!)
      for position in entries.indices {
        let entry = entries[position]
        entries[position].namePrefix = entry.nameWord(at: offset, in: names)
        entries[position].sortValue = Int64(bitPattern: entry.nameWord(at: offset + 8, in: names))
      }
    }

    func release() {
      entries.deallocate()
      names.deallocate()
    }
  }

  /// How `entry`'s name, in `names`, sorts against `other`'s, in
  /// `otherNames`: by the merge keys their sort words hold, then by their
  /// bytes from `tieOffset` (the keys' offset plus the sixteen bytes they
  /// hold).
  @inline(__always)
  static func compare(
    _ entry: Entry, in names: UnsafePointer<UInt8>, _ other: Entry,
    in otherNames: UnsafePointer<UInt8>, tieOffset: Int
  ) -> Int32 {
    if entry.namePrefix != other.namePrefix {
      return entry.namePrefix < other.namePrefix ? -1 : 1
    }
    // The second word is a name's bytes too: compared unsigned.
    let second = UInt64(bitPattern: entry.sortValue)
    let otherSecond = UInt64(bitPattern: other.sortValue)
    if second != otherSecond { return second < otherSecond ? -1 : 1 }
    let length = Int(entry.nameLength)
    let otherLength = Int(other.nameLength)
    return compareBytes(
      names + Int(entry.nameOffset) + min(tieOffset, length), count: max(length - tieOffset, 0),
      otherNames + Int(other.nameOffset) + min(tieOffset, otherLength),
      count: max(otherLength - tieOffset, 0))
  }

  /// Whether the name that compared as `order` against another comes
  /// first in the listing; equal names are left to the caller.
  @inline(__always)
  static func comesFirst(_ order: Int32, isReversed: Bool) -> Bool {
    isReversed ? order > 0 : order < 0
  }
}

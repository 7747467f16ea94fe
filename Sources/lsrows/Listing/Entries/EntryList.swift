/// One entry of an ``EntryList``; its name lives in the list's name bytes.
struct Entry: Sendable {
  /// The first eight bytes of the name, big-endian and zero-padded, so that
  /// most name comparisons are one integer comparison.
  var namePrefix: UInt64
  var inode: UInt64
  /// The value the sort compares before the name, when it is not the name
  /// (size, or a time in nanoseconds); see ``EntryOrder``.
  var sortValue: Int64 = 0
  var nameOffset: UInt32
  var nameLength: UInt32
  /// The entry's position in the order it was added; indexes ``EntryList/details``.
  var index: UInt32
  var kind: FileKind
  /// Whether `--group-directories-first` puts this entry in the first group.
  var isDirectoryLike = false
}

extension Entry {
  /// The sort prefix of `name`: its first eight bytes as a big-endian number.
  ///
  /// A name never holds a NUL, so zero padding sorts a shorter name first,
  /// as byte-wise order does.
  static func prefix(of name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    if name.count >= 8, let base = name.baseAddress {
      return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
    }
    var prefix: UInt64 = 0
    for index in 0..<8 {
      prefix <<= 8
      if index < name.count { prefix |= UInt64(name[index]) }
    }
    return prefix
  }
}

/// What was read about an entry beyond its directory entry, when an option
/// needed it.
struct EntryDetails: Sendable {
  /// The entry's `lstat`, or `nil` when it could not be read (it vanished).
  var status: FileStatus?
  /// For a symbolic link, the mode of what it points to; 0 when unknown.
  var targetMode: UInt32 = 0
  var hasAccessControlList = false
}

/// Named entries stored compactly: all names back to back in one byte array.
///
/// A directory of a million entries costs two allocations, not a million,
/// and sorting moves 40-byte entries, never the names.
struct EntryList: Sendable {
  /// Every name followed by a NUL, so that `*at` calls can use a name in place.
  private(set) var names: [UInt8] = []
  var entries: [Entry] = []
  /// Each entry's details, by ``Entry/index``: empty when no option needs
  /// them, else one per entry.
  var details: [EntryDetails] = []
  /// Each symbolic link's target, by ``Entry/index``, when an option needs it.
  var symlinkTargets: [UInt32: [UInt8]] = [:]

  /// The most name bytes a list can hold, so offsets fit in 32 bits.
  static let nameCapacity = Int(UInt32.max)

  var count: Int { entries.count }
  var isEmpty: Bool { entries.isEmpty }

  /// Adds an entry, copying its name.
  ///
  /// - Returns: `false`, adding nothing, when the names would exceed ``nameCapacity``.
  /// - Throws: ``MemoryExhausted`` when the system has no room for more.
  @discardableResult
  mutating func append(
    name: UnsafeBufferPointer<UInt8>,
    kind: FileKind,
    inode: UInt64
  ) throws(MemoryExhausted) -> Bool {
    guard names.count + name.count + 1 <= EntryList.nameCapacity else { return false }
    if entries.count == entries.capacity {
      try Memory.reserve(&entries, atLeast: entries.count + 1)
    }
    if names.count + name.count + 1 > names.capacity {
      try Memory.reserve(&names, atLeast: names.count + name.count + 1)
    }
    let offset = UInt32(names.count)
    names.append(contentsOf: name)
    names.append(0)
    entries.append(
      Entry(
        namePrefix: Entry.prefix(of: name),
        inode: inode,
        nameOffset: offset,
        nameLength: UInt32(name.count),
        index: UInt32(entries.count),
        kind: kind))
    return true
  }

  /// Adds an entry named by `name`.
  @discardableResult
  mutating func append(name: [UInt8], kind: FileKind, inode: UInt64) throws(MemoryExhausted) -> Bool
  {
    try name.withUnsafeBufferPointer { name throws(MemoryExhausted) in
      try append(name: name, kind: kind, inode: inode)
    }
  }

  /// Adds an entry whose status is known, as for operands.
  ///
  /// ``MetadataReader`` reads a status again only to follow a symlink, so
  /// in a list it reads, `status` must be the entry's own (`lstat`).
  mutating func append(name: [UInt8], status: FileStatus?, kind: FileKind) throws(MemoryExhausted) {
    try Memory.reserve(&details, atLeast: entries.count + 1)
    if details.count < entries.count {
      details.append(
        contentsOf: repeatElement(EntryDetails(), count: entries.count - details.count))
    }
    try append(name: name, kind: kind, inode: status?.inode ?? 0)
    details.append(EntryDetails(status: status))
  }

  /// The name of `entry`, sharing this list's storage.
  func name(of entry: Entry) -> ArraySlice<UInt8> {
    let start = Int(entry.nameOffset)
    return names[start..<start + Int(entry.nameLength)]
  }

  /// The details of `entry`, when they were read.
  func details(of entry: Entry) -> EntryDetails? {
    details.isEmpty ? nil : details[Int(entry.index)]
  }

  /// The status of `entry`, when it was read.
  func status(of entry: Entry) -> FileStatus? {
    details.isEmpty ? nil : details[Int(entry.index)].status
  }

  /// Appends the name of `entry` to `bytes`, without an intermediate copy.
  func appendName(of entry: Entry, to bytes: inout [UInt8]) {
    names.withUnsafeBufferPointer { buffer in
      let start = Int(entry.nameOffset)
      bytes.append(
        contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.nameLength)]))
    }
  }

  /// Rewrites the names and details in the order of ``entries``.
  ///
  /// After a sort, reading them in row order jumps all over memory and
  /// misses the cache on almost every row of a large directory. One tight
  /// copying pass, whose loads the processor overlaps, leaves them in order
  /// for everything that follows.
  mutating func arrangeInEntryOrder() {
    var arrangedNames = [UInt8]()
    // Only an optimization: without room for a second copy, skip it.
    guard (try? Memory.reserve(&arrangedNames, atLeast: names.count)) != nil else { return }
    var arrangedTargets: [UInt32: [UInt8]] = [:]
    names.withUnsafeBufferPointer { old in
      for position in entries.indices {
        let entry = entries[position]
        let start = Int(entry.nameOffset)
        let end = start + Int(entry.nameLength) + 1
        entries[position].nameOffset = UInt32(arrangedNames.count)
        arrangedNames.append(contentsOf: UnsafeBufferPointer(rebasing: old[start..<end]))
        if let target = symlinkTargets[entry.index] {
          arrangedTargets[UInt32(position)] = target
        }
      }
    }
    names = arrangedNames
    symlinkTargets = arrangedTargets
    if !details.isEmpty {
      // The permutation below runs on unchecked buffers.
      precondition(details.count == entries.count, "details for some entries only")
      permuteDetailsInPlace()
    }
    for position in entries.indices {
      entries[position].index = UInt32(position)
    }
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

  /// Empties the list, keeping its storage for the next batch.
  mutating func removeAll() {
    names.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    details.removeAll(keepingCapacity: true)
    symlinkTargets.removeAll()
  }
}

/// Named entries stored compactly: all names back to back in one byte array.
///
/// A directory of a million entries costs two allocations, not a million,
/// and sorting moves 32-byte entries, never the names.
///
/// The tables few lists fill live in one object it makes when one gets an
/// element (``EntryTables``).
struct EntryList: Sendable {
  /// Every name followed by a NUL, so that `*at` calls can use a name in place.
  var names: [UInt8] = []
  var entries: [Entry] = []
  /// Each entry's details, by ``Entry/index``: empty when no option needs
  /// them, else one per entry.
  var details: [EntryDetails] = []
  /// The tables few lists fill, `nil` until one of them gets an element
  /// (``EntryTables``); read and changed through ``symlinkTargets``,
  /// ``securityContexts``, ``entryCounts`` and ``treeTotals``.
  var tables: EntryTables?

  /// The most name bytes a list can hold, so offsets fit in 32 bits.
  static let nameCapacity = Int(UInt32.max)

  var count: Int { entries.count }

  /// The position of the first entry from `start` on that a walk enters
  /// (``Entry/isEnterable(in:)``); `nil` when there is none.
  func firstEnterable(from start: Int) -> Int? {
    names.withUnsafeBufferPointer { names in
      entries.withUnsafeBufferPointer { entries in
        entries[start...].firstIndex { $0.isEnterable(in: names) }
      }
    }
  }

  /// Whether `count` more name bytes keep the names within ``nameCapacity``.
  func hasRoom(forNameBytes count: Int) -> Bool {
    names.count + count <= Self.nameCapacity
  }
  var isEmpty: Bool { entries.isEmpty }

  /// Adds an entry, copying its name.
  ///
  /// - Returns: `false`, adding nothing, when the names would exceed ``nameCapacity``.
  /// - Throws: ``MemoryExhausted`` when the system has no room for more.
  @discardableResult
  mutating func append(
    name: UnsafeBufferPointer<UInt8>,
    kind: FileKind
  ) throws(MemoryExhausted) -> Bool {
    guard hasRoom(forNameBytes: name.count + 1) else { return false }
    if entries.count == entries.capacity {
      try Memory.reserve(&entries, atLeast: entries.count + 1)
    }
    if names.count + name.count + 1 > names.capacity {
      // A directory's names usually fit in the first buffer; growing from
      // sixteen bytes would take several allocations for a few names.
      try Memory.reserve(&names, atLeast: max(names.count + name.count + 1, 512))
    }
    let offset = UInt32(names.count)
    names.append(contentsOf: name)
    names.append(0)
    entries.append(
      Entry(
        namePrefix: Entry.prefix(of: name),
        nameOffset: offset,
        nameLength: UInt32(name.count),
        index: UInt32(entries.count),
        kind: kind))
    return true
  }

  /// Adds an entry named by `name`.
  @discardableResult
  mutating func append(name: [UInt8], kind: FileKind) throws(MemoryExhausted) -> Bool {
    try name.withUnsafeBufferPointer { name throws(MemoryExhausted) in
      try append(name: name, kind: kind)
    }
  }

  /// Adds an entry whose status is known, as for operands.
  ///
  /// ``MetadataReader`` reads a status again only to follow a symlink, so
  /// in a list it reads, `status` must be the entry's own (`lstat`).
  mutating func append(name: [UInt8], status: FileStatus?, kind: FileKind) throws(MemoryExhausted) {
    try prepareDetails()
    try Memory.reserve(&details, atLeast: entries.count + 1)
    try append(name: name, kind: kind)
    details.append(EntryDetails(status: status))
  }

  /// The name of `entry`, sharing this list's storage.
  func name(of entry: Entry) -> ArraySlice<UInt8> {
    let start = Int(entry.nameOffset)
    return names[start..<start + Int(entry.nameLength)]
  }

  /// Calls `body` with the name of `entry` as a C string, in place: the
  /// name bytes hold a NUL after every name.
  func withCName<Result, Failure: Error>(
    of entry: Entry, _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try names.withUnsafeBufferPointer { buffer throws(Failure) in
      let start = UnsafeRawPointer(buffer.baseAddress! + Int(entry.nameOffset))
      return try body(start.assumingMemoryBound(to: CChar.self))
    }
  }

  /// The details of `entry`, when they were read.
  func details(of entry: Entry) -> EntryDetails? {
    details.isEmpty ? nil : details[Int(entry.index)]
  }

  /// Makes room for details of every entry, all empty until read.
  ///
  /// - Throws: ``MemoryExhausted`` when there is no room for them.
  mutating func prepareDetails() throws(MemoryExhausted) {
    guard details.count < entries.count else { return }
    try Memory.reserve(&details, atLeast: entries.count)
    details.append(contentsOf: repeatElement(EntryDetails(), count: entries.count - details.count))
  }

  /// The status of `entry`, when it was read.
  func status(of entry: Entry) -> FileStatus? {
    details.isEmpty ? nil : details[Int(entry.index)].status
  }

  /// Calls `body` with the bytes of the name of `entry`, without a copy.
  func withName<Result>(of entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    names.withUnsafeBufferPointer { buffer in
      let start = Int(entry.nameOffset)
      return body(UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.nameLength)]))
    }
  }

  /// Empties the list, keeping its storage for the next batch.
  mutating func removeAll() {
    names.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    details.removeAll(keepingCapacity: true)
    tables = nil
  }
}

/// One entry of an ``EntryList``; its name lives in the list's name bytes.
struct Entry: Sendable {
  /// The first eight bytes of the name, big-endian and zero-padded, so that
  /// most name comparisons are one integer comparison.
  var namePrefix: UInt64
  var inode: UInt64
  var nameOffset: UInt32
  var nameLength: UInt32
  /// The entry's position in the order it was added; indexes ``EntryList/statuses``.
  var index: UInt32
  var kind: FileKind
}

extension Entry {
  /// The sort prefix of `name`: its first eight bytes as a big-endian number.
  ///
  /// A name never holds a NUL, so zero padding sorts a shorter name first,
  /// as byte-wise order does.
  static func prefix(of name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var prefix: UInt64 = 0
    for index in 0..<8 {
      prefix <<= 8
      if index < name.count { prefix |= UInt64(name[index]) }
    }
    return prefix
  }
}

/// Named entries stored compactly: all names back to back in one byte array.
///
/// A directory of a million entries costs two allocations, not a million,
/// and sorting moves 32-byte entries, never the names.
struct EntryList: Sendable {
  /// Every name followed by a NUL, so that `*at` calls can use a name in place.
  private(set) var names: [UInt8] = []
  var entries: [Entry] = []
  /// Each entry's status, by ``Entry/index``; empty when no option needs one,
  /// `nil` for an entry whose status could not be read.
  var statuses: [FileStatus?] = []
  /// Each symbolic link's target, by ``Entry/index``, when an option needs it.
  var symlinkTargets: [UInt32: [UInt8]] = [:]

  /// The most name bytes a list can hold, so offsets fit in 32 bits.
  static let nameCapacity = Int(UInt32.max)

  var count: Int { entries.count }
  var isEmpty: Bool { entries.isEmpty }

  /// Adds an entry, copying its name.
  ///
  /// - Returns: `false`, adding nothing, when the names would exceed ``nameCapacity``.
  @discardableResult
  mutating func append(
    name: UnsafeBufferPointer<UInt8>,
    kind: FileKind,
    inode: UInt64
  ) -> Bool {
    guard names.count + name.count + 1 <= EntryList.nameCapacity else { return false }
    let offset = UInt32(names.count)
    names.append(contentsOf: name)
    names.append(0)
    entries.append(
      Entry(
        namePrefix: Entry.prefix(of: name),
        inode: inode, nameOffset: offset, nameLength: UInt32(name.count),
        index: UInt32(entries.count), kind: kind))
    return true
  }

  /// Adds an entry named by `name`.
  @discardableResult
  mutating func append(name: [UInt8], kind: FileKind, inode: UInt64) -> Bool {
    name.withUnsafeBufferPointer { append(name: $0, kind: kind, inode: inode) }
  }

  /// The name of `entry`, sharing this list's storage.
  func name(of entry: Entry) -> ArraySlice<UInt8> {
    let start = Int(entry.nameOffset)
    return names[start..<start + Int(entry.nameLength)]
  }

  /// The status of `entry`, when it was read.
  func status(of entry: Entry) -> FileStatus? {
    statuses.isEmpty ? nil : statuses[Int(entry.index)]
  }

  /// Appends the name of `entry` to `bytes`, without an intermediate copy.
  func appendName(of entry: Entry, to bytes: inout [UInt8]) {
    names.withUnsafeBufferPointer { buffer in
      let start = Int(entry.nameOffset)
      bytes.append(
        contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<start + Int(entry.nameLength)]))
    }
  }

  /// Rewrites the names in the order of ``entries``.
  ///
  /// After a sort, reading the names in row order jumps all over the name
  /// bytes and misses the cache on almost every row of a large directory.
  /// One tight copying pass, whose loads the processor overlaps, leaves
  /// them in order for everything that follows.
  mutating func arrangeNamesInEntryOrder() {
    var arranged = [UInt8]()
    arranged.reserveCapacity(names.count)
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

  /// Empties the list, keeping its storage for the next batch.
  mutating func removeAll() {
    names.removeAll(keepingCapacity: true)
    entries.removeAll(keepingCapacity: true)
    statuses.removeAll(keepingCapacity: true)
    symlinkTargets.removeAll()
  }
}

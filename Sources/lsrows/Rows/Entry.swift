/// One entry of an ``EntryList``; its name lives in the list's name bytes.
struct Entry: Sendable {
  /// The first eight bytes of the name, big-endian and zero-padded, so that
  /// most name comparisons are one integer comparison.
  var namePrefix: UInt64
  /// The value the sort compares before the name, when it is not the name
  /// (size, or a time in nanoseconds); see ``EntryOrder``.
  ///
  /// While a sorted chunk waits to be merged, this word and
  /// ``namePrefix`` hold its merge key instead (``ChunkMerge/Chunk``).
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

  /// The eight name bytes from `offset` as a big-endian number, zero-padded
  /// (zero past the name's end), in `names`, the bytes of the entry's list.
  @inline(__always)
  func nameWord(at offset: Int, in names: UnsafePointer<UInt8>) -> UInt64 {
    let length = Int(nameLength) - offset
    guard length > 0 else { return 0 }
    return Entry.prefix(
      of: UnsafeBufferPointer(start: names + Int(nameOffset) + offset, count: length))
  }

  /// Sets the two sort words back to what they mean outside a merge
  /// (``ChunkMerge/Chunk`` keeps its merge key in them): the prefix of
  /// `name`, the entry's name, and no sort value.
  @inline(__always)
  mutating func restoreSortWords(name: UnsafeBufferPointer<UInt8>) {
    namePrefix = Entry.prefix(of: name)
    sortValue = 0
  }

  /// Whether `--group-directories-first` puts an entry of `kind` in the
  /// first group: a directory, or a symlink to one (`targetMode`).
  static func isDirectoryLike(kind: FileKind, targetMode: FileMode?) -> Bool {
    kind == .directory || (kind == .symbolicLink && targetMode?.kind == .directory)
  }

  /// Whether a walk enters the entry (depth allowing): a directory, not
  /// `.` or `..`.
  func isEnterable(in names: UnsafeBufferPointer<UInt8>) -> Bool {
    kind == .directory && !isDotOrDotDot(in: names)
  }

  /// Whether the entry is `.` or `..`, which are listed with `-a` but never
  /// walked into.
  func isDotOrDotDot(in names: UnsafeBufferPointer<UInt8>) -> Bool {
    guard nameLength <= 2 else { return false }
    let start = Int(nameOffset)
    let dot = UInt8(ascii: ".")
    return names[start] == dot && (nameLength == 1 || names[start + 1] == dot)
  }
}

/// Entries read from a directory's records, gathered in two small buffers
/// on the stack and added to a list a batch at a time
/// (``EntryList/append(_:names:)``): appending each name as it is read
/// would cost two calls a name.
struct PendingEntries {
  private let entries: UnsafeMutableBufferPointer<Entry>
  private let names: UnsafeMutableBufferPointer<UInt8>
  private var count = 0
  /// The name bytes gathered (each name and its NUL), not yet in a list.
  private(set) var nameBytes = 0

  /// The size of each buffer: within what Swift allocates on the stack
  /// without asking how deep the stack is.
  private static let bufferBytes = 1024

  /// Calls `body` with an empty batch whose buffers live until it returns.
  static func withPending<Result>(_ body: (inout PendingEntries) -> Result) -> Result {
    withUnsafeTemporaryAllocation(
      of: Entry.self, capacity: bufferBytes / MemoryLayout<Entry>.stride
    ) { entries in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferBytes) { names in
        var batch = PendingEntries(entries: entries, names: names)
        return body(&batch)
      }
    }
  }

  private init(
    entries: UnsafeMutableBufferPointer<Entry>, names: UnsafeMutableBufferPointer<UInt8>
  ) {
    self.entries = entries
    self.names = names
  }

  /// Whether the batch has room for one more entry named `name`.
  func hasRoom(for name: UnsafeBufferPointer<UInt8>) -> Bool {
    count < entries.count && nameBytes + name.count + 1 <= names.count
  }

  /// Gathers an entry named `name`; the batch must have room for it.
  mutating func add(name: UnsafeBufferPointer<UInt8>, kind: FileKind) {
    assert(hasRoom(for: name), "a full batch")
    (names.baseAddress! + nameBytes).initialize(from: name.baseAddress!, count: name.count)
    names[nameBytes + name.count] = 0
    (entries.baseAddress! + count).initialize(
      to: Entry(
        namePrefix: Entry.prefix(of: name), nameOffset: UInt32(nameBytes),
        nameLength: UInt32(name.count), index: UInt32(count), kind: kind))
    count += 1
    nameBytes += name.count + 1
  }

  /// Adds what is gathered to `list` and empties the batch, also when
  /// there was no room.
  ///
  /// - Throws: ``MemoryExhausted`` when the system has no room for it.
  mutating func flush(into list: inout EntryList) throws(MemoryExhausted) {
    defer { (count, nameBytes) = (0, 0) }
    try list.append(
      UnsafeMutableBufferPointer(rebasing: entries[..<count]),
      names: UnsafeBufferPointer(rebasing: names[..<nameBytes]))
  }
}

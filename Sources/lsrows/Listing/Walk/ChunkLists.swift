/// The lists a large directory's chunks are read into: each with room for
/// a whole chunk, and handed back, once its chunk is sorted and copied into
/// the merge, to take the next one.
///
/// The thread that reads then fills memory already mapped while the
/// kernel waits for it, instead of growing fresh arrays from nothing: a
/// page fault every 4 KiB and a copy at each doubling.
struct ChunkLists: Sendable {
  private let pool: EntryListPool
  private let chunkSize: Int
  private let nameBytes: Int

  /// Lists for chunks of `chunkSize` entries, after a first chunk whose
  /// names took `firstNameBytes`.
  init(chunkSize: Int, firstNameBytes: Int) {
    self.chunkSize = chunkSize
    // A little more than the first chunk's names; a list whose names grew
    // further is still kept, up to four times as much.
    nameBytes = max(firstNameBytes + firstNameBytes / 4, 4096)
    // Swift rounds a capacity up to what malloc gave.
    let largestEntries = chunkSize + chunkSize / 8
    let largestNameBytes = 4 * nameBytes
    // Two spares: the sorting thread hands back a list per chunk as the
    // reading thread takes one, so they seldom pile up.
    pool = EntryListPool(
      largestKeptEntries: largestEntries, largestKeptNameBytes: largestNameBytes,
      keptBytes: 2 * (largestEntries * MemoryLayout<Entry>.stride + largestNameBytes))
  }

  /// An empty list with room for a chunk, when memory allows.
  func take() -> EntryList {
    var list = pool.take()
    // Without the room, the list grows as any does, and reports running out.
    try? Memory.reserve(&list.entries, atLeast: chunkSize)
    try? Memory.reserve(&list.names, atLeast: nameBytes)
    return list
  }

  /// Keeps the arrays of `list`, whose entries and names nothing else
  /// holds, for a later ``take()``.
  func giveBack(_ list: EntryList) {
    pool.giveBack(list)
  }
}

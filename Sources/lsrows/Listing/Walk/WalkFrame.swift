/// One directory on the walk's current path.
final class WalkFrame {
  /// Entries read and not yet written: the current batch first, each
  /// made a ``Listing`` once, for all the runs of rows it is written in.
  var batches: [Listing]
  /// The position in the current batch of the next entry to write.
  var next = 0
  /// The open directory, while it has one.
  var stream: DirectoryStream?
  /// The directory opened again after the descriptor budget closed it.
  var reopened: FileDescriptor?
  var finishedReading = false
  /// A large directory's sorted chunks, handed out a block at a time.
  var blocks: MergedBlocks?
  /// The prefetch's numbers for the subdirectories to descend into, in
  /// order, and how many have been descended into.
  var subdirectories: [Int] = []
  var subdirectoriesDescended = 0
  let identity: DirectoryIdentity
  /// The name in the parent directory (sharing the parent's name bytes);
  /// the operand itself for the first.
  let name: ArraySlice<UInt8>
  /// How much of the walker's relative path leads to this directory.
  let relativeLength: Int
  /// The depth of this directory's entries: 1 for the operand's.
  let depth: Int
  let id: DirectoryID
  /// Where the directory's rows are: made once, shared by all its rows.
  let location: RowLocation

  init(
    stream: DirectoryStream?, status: FileStatus, name: ArraySlice<UInt8>, relativeLength: Int,
    depth: Int, id: DirectoryID, location: RowLocation
  ) {
    self.stream = stream
    identity = DirectoryIdentity(status)
    self.name = name
    self.relativeLength = relativeLength
    self.depth = depth
    self.id = id
    self.location = location
    batches = []
  }

  var descriptor: FileDescriptor? {
    stream?.descriptor ?? reopened
  }

  var isOpen: Bool {
    stream != nil || reopened != nil
  }

  /// Whether every entry read so far has been written.
  var isCurrentBatchDone: Bool {
    batches.isEmpty || next >= batches[0].count
  }

  /// Takes a batch read from the directory.
  func receive(_ list: EntryList) {
    let listing = Listing(list, at: location, directory: id)
    if batches.count == 1 && isCurrentBatchDone {
      batches[0] = listing
      next = 0
    } else {
      batches.append(listing)
    }
    if batches.count == 1 && list.isEmpty {
      batches.removeAll(keepingCapacity: true)
    }
  }

  func close() {
    stream = nil
    reopened?.close()
    reopened = nil
  }
}

/// One directory on the walk's current path.
final class WalkFrame {
  /// Entries read and not yet written: the current batch first.
  var batches: [EntryList]
  /// The position in the current batch of the next entry to write.
  var next = 0
  /// The open directory, while it has one.
  var stream: DirectoryStream?
  /// The directory opened again after the descriptor budget closed it.
  var reopened: FileDescriptor?
  var finishedReading = false
  let identity: DirectoryIdentity
  /// The name in the parent directory; the operand itself for the first.
  let name: [UInt8]
  /// How much of the walker's relative path leads to this directory.
  let relativeLength: Int
  /// The depth of this directory's entries: 1 for the operand's.
  let depth: Int
  let id: DirectoryID

  init(
    stream: DirectoryStream?, status: FileStatus, name: [UInt8], relativeLength: Int,
    depth: Int, id: DirectoryID
  ) {
    self.stream = stream
    identity = DirectoryIdentity(status)
    self.name = name
    self.relativeLength = relativeLength
    self.depth = depth
    self.id = id
    batches = [EntryList()]
  }

  var descriptor: FileDescriptor? {
    stream?.descriptor ?? reopened
  }

  var isOpen: Bool {
    stream != nil || reopened != nil
  }

  /// Whether every entry read so far has been written.
  var isCurrentBatchDone: Bool {
    next >= batches[0].count
  }

  func close() {
    stream = nil
    reopened?.close()
    reopened = nil
  }
}

/// One directory on the walk's current path.
///
/// A deep directory (its path ``parkedPathLength`` bytes or longer) holds
/// its path only while it is the walk's top: while the walk is below it,
/// it is parked, with its entries and no location, and its rows' location
/// is made again from the walk's relative path when it is back on top. So
/// what the frames hold grows with the longest path, not with the depth
/// times the path.
final class WalkFrame {
  /// The batch of entries being written, made a ``Listing`` once, for all
  /// the runs of rows it is written in; `nil` before the first.
  var current: Listing?
  /// Batches read after the current one and not yet written: rare (a
  /// streamed operand, a merged directory), so a frame allocates no array
  /// for them until one comes.
  var queued: [Listing] = []
  /// The position in the current batch of the next entry to write.
  var next = 0
  /// The open directory, while it is read in batches (an operand, the
  /// start of a subtree).
  var stream: DirectoryStream?
  /// The open directory, when the frame holds its descriptor alone: a
  /// subdirectory, read whole when it was entered, or a directory opened
  /// again after the descriptor budget closed it.
  var openDescriptor: FileDescriptor?
  var finishedReading = false
  /// A large directory's sorted chunks, handed out a batch at a time.
  var merged: MergedBatches?
  /// The prefetch's numbers for the subdirectories not yet descended into.
  var subdirectories = SubdirectoryNumbers()
  /// Subdirectories of the current batch listed on another thread
  /// (``SubtreeJob``), in the order they were claimed, which is theirs.
  var claims: [(index: Int, job: SubtreeJob)] = []
  /// From this position on, the current batch's entries have not been
  /// looked at for a claim; `nil` before the first look.
  var claimCursor: Int?
  let identity: DirectoryIdentity
  /// The name in the parent directory (sharing the parent's name bytes);
  /// for the first, the path it was opened by from the working directory:
  /// the operand, or the path of a subtree (``SubtreeStart/path``), which
  /// ``OpenDirectories`` opens it by again once it was closed.
  let name: ArraySlice<UInt8>
  /// The parent's listing that holds `name`, kept so that its storage goes
  /// back to the ``EntryListPool`` only after this frame, which may still
  /// read the name to open the directory again.
  private let nameOwner: Listing?
  /// How much of the walker's relative path leads to this directory.
  let relativeLength: Int
  /// The depth of this directory's entries: 1 for the operand's.
  let depth: Int
  let id: DirectoryID
  /// Where the directory's rows are: made once, shared by all its rows;
  /// the operands' location, a placeholder, while the frame is parked.
  private(set) var location: RowLocation
  /// A parked frame's entries, whose rows from ``next`` on are not written
  /// yet; `nil` unless parked.
  private var parked: EntryList?
  /// Whether the parked entries all passed the row filter already.
  private var parkedIsFiltered = false
  /// `--gitignore`: the rules git applies to the directory's entries, when
  /// it is in a work tree.
  let ignoreScope: GitIgnoreScope?
  /// Whether the walk records the entry counts of its subdirectories.
  private let countsEntries: Bool

  init(
    stream: DirectoryStream? = nil, descriptor: FileDescriptor? = nil,
    identity: DirectoryIdentity, name: ArraySlice<UInt8>,
    of nameOwner: Listing? = nil, relativeLength: Int, depth: Int, id: DirectoryID,
    location: RowLocation, ignoreScope: GitIgnoreScope? = nil, countsEntries: Bool = false
  ) {
    self.countsEntries = countsEntries
    self.nameOwner = nameOwner
    self.stream = stream
    openDescriptor = descriptor
    self.identity = identity
    self.name = name
    self.relativeLength = relativeLength
    self.depth = depth
    self.id = id
    self.location = location
    self.ignoreScope = ignoreScope
  }

  var descriptor: FileDescriptor? {
    stream?.descriptor ?? openDescriptor
  }

  var isOpen: Bool {
    stream != nil || openDescriptor != nil
  }

  /// Whether every entry read so far has been written.
  ///
  /// Asked at every step: it reads the counts in place, as a copy of the
  /// entries would retain each of their arrays.
  var isCurrentBatchDone: Bool {
    if let current { return next >= current.count }
    guard let count = parked?.count else { return true }
    return next >= count
  }

  /// The entries of the batch being written, parked or not.
  var currentEntries: EntryList? {
    current?.storage ?? parked
  }

  /// The length of path from which a frame parks while the walk is below
  /// it: up to this, the paths the frames hold add up to a few hundred
  /// KiB at most.
  static let parkedPathLength = 1024

  var isParked: Bool {
    parked != nil
  }

  /// Whether the frame parks while the walk is below it: its path is long,
  /// and it has no more to read, whose rows would need the location.
  var parksWhileBelow: Bool {
    location.pathPrefix.count >= Self.parkedPathLength && finishedReading && queued.isEmpty
      && merged == nil
  }

  /// Lets go of the rows' location (and the listing that holds it) while
  /// the walk is below; the entries stay, to be written later.
  func park() {
    guard parksWhileBelow, let listing = current else { return }
    parked = listing.storage
    parkedIsFiltered = listing.isFiltered
    current = nil
    location = .operands
  }

  /// Back on top: the rows' `location` again, made from the walk's path.
  func resume(at location: RowLocation) {
    guard let entries = parked.take() else { return }
    self.location = location
    // The first listing gave the storage back to the pool already.
    current = Listing(
      entries, at: location, directory: id, rules: ignoreScope, returnsStorage: false,
      isFiltered: parkedIsFiltered, countsEntries: countsEntries)
  }

  /// Takes a batch read from the directory; `isFiltered` when the row
  /// filter has passed all its entries already.
  func receive(_ list: consuming EntryList, isFiltered: Bool = false) {
    if queued.isEmpty && isCurrentBatchDone {
      current =
        list.isEmpty
        ? nil
        : Listing(
          consume list, at: location, directory: id, rules: ignoreScope,
          isFiltered: isFiltered, countsEntries: countsEntries)
      next = 0
    } else {
      queued.append(
        Listing(
          consume list, at: location, directory: id, rules: ignoreScope,
          isFiltered: isFiltered, countsEntries: countsEntries))
    }
  }

  /// Makes the first queued batch the current one; `false` when none is queued.
  func advance() -> Bool {
    guard !queued.isEmpty else { return false }
    current = queued.removeFirst()
    next = 0
    return true
  }

  func close() {
    stream = nil
    openDescriptor?.close()
    openDescriptor = nil
  }
}

/// The `tree_` totals of every directory of a walk that reads everything
/// below an operand, worked out from its rows in the walk's order (each
/// directory's row, then everything below it), with the rows to write
/// handed out in du's order: a directory's after what is below it.
///
/// Only the directories on the current path are held, each with its
/// running totals, so memory grows with depth, not with the tree. A file
/// with several links is counted once within each subtree, as du counts
/// it for that path alone: the identities of such files below a
/// directory go up to its parent when it ends, the smaller set merged
/// into the larger.
struct SubtreeTotals {
  private struct Frame {
    /// The directory's row; `nil` for the operand.
    let row: FileRow?
    let depth: Int
    let isShown: Bool
    /// Whether its totals stay out of its parent's: a mount point with
    /// `--one-file-system`, which du -x leaves out.
    let isOtherFileSystem: Bool
    let device: UInt64?
    /// Everything counted but files with several links.
    var totals = TreeTotals()
    /// The files with several links below, each once, and their sum.
    var linked: [FileIdentity: Contribution] = [:]
    var linkedSum = Contribution()
  }

  private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  private struct Contribution {
    var size: Int64 = 0
    var blocks: Int64 = 0
  }

  private let visibility: RowVisibility
  private let reader: FieldReader
  private let staysOnFileSystem: Bool
  /// `-L`: every file and directory counts once, as du -L counts them,
  /// since links can reach one twice.
  private let countsEachFileOnce: Bool
  private var stack: [Frame]
  /// Rows to write, in du's order; the caller empties it.
  var ready: [FileRow] = []

  /// - Parameters:
  ///   - operand: The operand's own status, when it could be read.
  ///   - visibility: Which rows are shown.
  ///   - reader: Reads what `--prune-where` asks of a directory.
  ///   - staysOnFileSystem: `--one-file-system`: a mount point counts in
  ///     no total above it.
  ///   - countsEachFileOnce: `-L`: every file and directory counts once.
  init(
    operand: FileStatus?, visibility: RowVisibility, reader: FieldReader,
    staysOnFileSystem: Bool, countsEachFileOnce: Bool
  ) {
    self.visibility = visibility
    self.reader = reader
    self.staysOnFileSystem = staysOnFileSystem
    self.countsEachFileOnce = countsEachFileOnce
    stack = []
    var root = Frame(
      row: nil, depth: 0, isShown: true, isOtherFileSystem: false, device: operand?.device)
    if let operand { countOwn(operand, into: &root) }
    stack = [root]
  }

  /// Takes the next row of the walk.
  ///
  /// - Throws: ``MemoryExhausted`` when a directory's row cannot be copied.
  mutating func add(_ row: FileRow) throws(MemoryExhausted) {
    let depth = row.depth
    while stack.count > 1, stack[stack.count - 1].depth >= depth { try endDirectory() }
    let shown = stack[stack.count - 1].isShown && visibility.shows(row, reader)
    if row.isDotOrDotDot {
      // -a's . and ..: listed, never counted.
      if shown { ready.append(row) }
      return
    }
    let status = row.status
    guard (status?.kind ?? row.kind) == .directory else {
      if shown { ready.append(row) }
      count(status, into: stack.count - 1)
      return
    }
    let parentDevice = stack[stack.count - 1].device
    var frame = Frame(
      row: row, depth: depth, isShown: shown,
      isOtherFileSystem: staysOnFileSystem && parentDevice != nil && status != nil
        && status?.device != parentDevice,
      device: status?.device ?? parentDevice)
    if let status { countOwn(status, into: &frame) }
    stack.append(frame)
  }

  /// Ends every directory still open, and returns the operand's totals.
  mutating func finish() throws(MemoryExhausted) -> TreeTotals {
    while stack.count > 1 { try endDirectory() }
    return Self.total(of: stack[0])
  }

  /// Counts a directory's own status into its frame.
  private func countOwn(_ status: FileStatus, into frame: inout Frame) {
    frame.totals.newest = status.modificationTime
    guard countsEachFileOnce else {
      frame.totals.size = status.size
      frame.totals.blocks = status.blocks
      return
    }
    let contribution = Contribution(size: status.size, blocks: status.blocks)
    frame.linked[FileIdentity(device: status.device, inode: status.inode)] = contribution
    frame.linkedSum = contribution
  }

  private static func total(of frame: Frame) -> TreeTotals {
    var totals = frame.totals
    totals.size += frame.linkedSum.size
    totals.blocks += frame.linkedSum.blocks
    return totals
  }

  /// Counts an entry that is not a directory into the frame at `index`.
  private mutating func count(_ status: FileStatus?, into index: Int) {
    stack[index].totals.entries += 1
    guard let status else { return }
    stack[index].totals.newest = max(stack[index].totals.newest, status.modificationTime)
    let contribution = Contribution(size: status.size, blocks: status.blocks)
    guard status.linkCount > 1 || countsEachFileOnce else {
      stack[index].totals.size += contribution.size
      stack[index].totals.blocks += contribution.blocks
      return
    }
    let identity = FileIdentity(device: status.device, inode: status.inode)
    if stack[index].linked.updateValue(contribution, forKey: identity) == nil {
      stack[index].linkedSum.size += contribution.size
      stack[index].linkedSum.blocks += contribution.blocks
    }
  }

  /// Ends the innermost directory: its row goes out with its totals, and
  /// they go into its parent's.
  private mutating func endDirectory() throws(MemoryExhausted) {
    var frame = stack.removeLast()
    if frame.isShown, let row = frame.row {
      ready.append(try row.detached(isShown: false, treeTotals: Self.total(of: frame)))
    }
    guard !frame.isOtherFileSystem else { return }
    let parent = stack.count - 1
    stack[parent].totals.size += frame.totals.size
    stack[parent].totals.blocks += frame.totals.blocks
    stack[parent].totals.entries += frame.totals.entries + 1
    stack[parent].totals.newest = max(stack[parent].totals.newest, frame.totals.newest)
    if frame.linked.count > stack[parent].linked.count {
      swap(&frame.linked, &stack[parent].linked)
      swap(&frame.linkedSum, &stack[parent].linkedSum)
    }
    for (identity, contribution) in frame.linked {
      guard stack[parent].linked.updateValue(contribution, forKey: identity) == nil else {
        continue
      }
      stack[parent].linkedSum.size += contribution.size
      stack[parent].linkedSum.blocks += contribution.blocks
    }
  }
}

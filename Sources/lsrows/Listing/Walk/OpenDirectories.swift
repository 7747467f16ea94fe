/// The directories on a walk's current path, and the budget that keeps
/// few of them open.
///
/// At most `budget` directories stay open; deeper than that the oldest are
/// closed (after reading what is left of each, since a directory stream
/// cannot be resumed) and opened again when their remaining entries need
/// it: through the child's `..`, or one name at a time from the nearest
/// open directory, so that no path grows longer than a name. So no depth,
/// no path length and no `ulimit -n` stops a walk.
final class OpenDirectories {
  private(set) var frames: [WalkFrame] = []
  /// The identities of the frames past the first ``scannedDepth``: the
  /// nearer ones are compared one by one, which costs less than hashing
  /// for every directory of a tree.
  private var deepActive = Set<DirectoryIdentity>()
  private static let scannedDepth = 64
  private let budget: Int
  private let followsSymlinks: Bool
  /// The directories above the first frame, for a walk of a subtree
  /// (``SubtreeStart``): entering one of them again is a loop too.
  ///
  /// Compared one by one, as the nearer frames are: a subtree starts a
  /// few levels down, and hashing cost more, for every directory.
  private let outside: [DirectoryIdentity]
  /// The same, hashed, when there are more than ``scannedDepth``.
  private let manyOutside: Set<DirectoryIdentity>?

  /// - Parameters:
  ///   - budget: How many directories may be open at once.
  ///   - followsSymlinks: Whether the walk went through symlinks (`-L`),
  ///     so reopening by name must too.
  ///   - outside: The directories on the path to the first frame, for
  ///     the walk of a subtree; empty for an operand's walk.
  init(budget: Int, followsSymlinks: Bool, outside: [DirectoryIdentity] = []) {
    self.budget = max(2, budget)
    self.followsSymlinks = followsSymlinks
    self.outside = outside
    manyOutside = outside.count > Self.scannedDepth ? Set(outside) : nil
  }

  /// Whether the first frame was opened through a symlink at its end: an
  /// operand is, as ls follows one named on the command line; a subtree
  /// (with directories outside it) is opened as its walk opens any other.
  private var firstFollowsSymlink: Bool {
    followsSymlinks || outside.isEmpty
  }

  var top: WalkFrame? {
    frames.last
  }

  /// Whether the directory is on the current path: entering it again is a loop.
  func contains(_ identity: DirectoryIdentity) -> Bool {
    for frame in frames.prefix(Self.scannedDepth) where frame.identity == identity { return true }
    return frames.count > Self.scannedDepth && deepActive.contains(identity)
      || manyOutside?.contains(identity) ?? outside.contains(identity)
  }

  func push(_ frame: WalkFrame) {
    if frames.count >= Self.scannedDepth { deepActive.insert(frame.identity) }
    frames.append(frame)
  }

  /// Leaves the top directory; reopens its parent through `..` first when
  /// the budget had closed the parent and `needsParent` says its remaining
  /// entries will be descended into.
  func pop(needsParent: (WalkFrame) -> Bool) {
    guard let frame = frames.popLast() else { return }
    if frames.count >= Self.scannedDepth { deepActive.remove(frame.identity) }
    if let parent = frames.last, !parent.isOpen, let child = frame.descriptor, needsParent(parent) {
      parent.openDescriptor = reopen(parent, throughParentOf: child)
    }
    frame.close()
  }

  /// Closes the oldest open directories beyond the budget, after
  /// `readOut` has read what is left of each.
  func keepWithinBudget(readOut: (WalkFrame) -> Void) {
    var open = 0
    for frame in frames where frame.isOpen { open += 1 }
    for frame in frames.dropLast() where open > budget && frame.isOpen {
      readOut(frame)
      frame.close()
      open -= 1
    }
  }

  /// Closes every open directory but `frame`, after reading each out, to
  /// make room when the process ran out of descriptors.
  ///
  /// - Returns: Whether any was closed.
  func closeAll(except frame: WalkFrame, readOut: (WalkFrame) -> Void) -> Bool {
    var closed = false
    for level in frames where level !== frame && level.isOpen {
      readOut(level)
      level.close()
      closed = true
    }
    return closed
  }

  /// Closes everything at the end of a walk.
  func removeAll() {
    for frame in frames { frame.close() }
    frames.removeAll()
    deepActive.removeAll()
  }

  /// The open descriptor of `frame`, reopening it if the budget closed it.
  func descriptor(of frame: WalkFrame) throws(Errno) -> FileDescriptor {
    if let descriptor = frame.descriptor { return descriptor }
    let reopened = try reopenByName(frame)
    frame.openDescriptor = reopened
    return reopened
  }

  /// Opens `frame` again as the parent of its child's open directory,
  /// checking that it is the same directory (it is not when the child was
  /// reached through a followed symlink); falls back to its names.
  private func reopen(_ frame: WalkFrame, throughParentOf child: FileDescriptor)
    -> FileDescriptor?
  {
    if let parent = try? FileDescriptor.openDirectory("..", relativeTo: child) {
      if let identity = try? parent.identity(), identity == frame.identity {
        return parent
      }
      parent.close()
    }
    return try? reopenByName(frame)
  }

  /// Opens `frame` again from the nearest open directory above it, one name
  /// at a time; with none open, from the working directory, by the first
  /// frame's name, which is its path (``WalkFrame/name``).
  ///
  /// - Throws: The failing `openat`'s error, or ENOENT when what is there
  ///   now is not the directory that was being listed.
  private func reopenByName(_ frame: WalkFrame) throws(Errno) -> FileDescriptor {
    guard let index = frames.firstIndex(where: { $0 === frame }) else {
      throw .noSuchFileOrDirectory
    }
    var base = FileDescriptor.currentDirectory
    var start = 0
    if let open = frames[..<index].lastIndex(where: \.isOpen),
      let descriptor = frames[open].descriptor
    {
      base = descriptor
      start = open + 1
    }
    var current: FileDescriptor?
    defer { current?.close() }
    for level in start...index {
      let from = current ?? base
      let follows = level == 0 ? firstFollowsSymlink : followsSymlinks
      let next = try Array(frames[level].name).withCString { name throws(Errno) in
        try FileDescriptor.openDirectory(name, relativeTo: from, followingSymlink: follows)
      }
      current?.close()
      current = next
    }
    guard let reopened = current else { throw .noSuchFileOrDirectory }
    guard try reopened.identity() == frame.identity else {
      throw .noSuchFileOrDirectory
    }
    current = nil
    return reopened
  }
}

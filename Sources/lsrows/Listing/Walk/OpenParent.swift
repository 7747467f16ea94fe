/// A directory the prefetch keeps open while its subdirectories wait to be
/// read, so that each is opened from it by its name.
///
/// On a file system where each lookup is a round trip (NFS, FUSE without
/// caching), opening `a/b/c/d` by its whole path looks up every component
/// again; from `a/b/c` it is one lookup. Only while reads are slow: each
/// one held counts against an ``Allowance`` of descriptors, given back
/// when the last of its subdirectories' requests lets it go.
final class OpenParent: Sendable {
  let descriptor: FileDescriptor
  /// The length of the directory's path (`/`-terminated): where the names
  /// of its subdirectories start in theirs.
  let pathLength: Int
  private let allowance: Allowance

  /// Holds `descriptor`, of the directory whose path is `pathLength` bytes
  /// long, taken from `allowance`, until it goes.
  init(_ descriptor: FileDescriptor, pathLength: Int, from allowance: Allowance) {
    self.descriptor = descriptor
    self.pathLength = pathLength
    self.allowance = allowance
  }

  deinit {
    descriptor.close()
    allowance.giveBack(1)
  }
}

/// What must be read about each entry beyond its directory entry, so that a
/// plain name listing makes no per-entry system call at all.
struct MetadataNeeds: Sendable, Equatable {
  /// Which entries get an `lstat`.
  enum StatusScope: Int, Comparable, Sendable {
    case none
    /// Only entries whose directory entry did not give their kind.
    case unknownKinds
    /// Those, and regular files (`-F` needs their execute bits).
    case regularFilesAndUnknownKinds
    case every

    static func < (lhs: StatusScope, rhs: StatusScope) -> Bool {
      lhs.rawValue < rhs.rawValue
    }
  }

  var statusScope = StatusScope.none
  /// `readlink` for symbolic links.
  var symlinkTargets = false
  /// `stat` through symbolic links, for what they point to.
  var targetModes = false
  /// Whether files have an access control list (`-l`'s `+`).
  var accessControlLists = false
  /// `-L`: statuses are of what symlinks point to.
  var followsSymlinks = false

  init() {}

  /// The needs of `options`, with `-F` in effect or not.
  init(_ options: Options, classifies: Bool) {
    func atLeast(_ scope: StatusScope) {
      statusScope = max(statusScope, scope)
    }
    switch options.sortKey {
    case .size, .time: atLeast(.every)
    case .name, .none, .extension, .version: break
    }
    if options.kinds != nil || options.listingDepth > 1 {
      // Filtering by kind, and knowing which entries to walk into.
      atLeast(.unknownKinds)
    }
    if options.followsSymlinks {
      // As ls -L: every row describes what its symlink points to.
      followsSymlinks = true
      atLeast(.every)
    }
    if options.showsInode {
      // As ls 9.1: a directory entry's inode is wrong for mount points and
      // on some file systems (overlayfs), so -i reads each file's own.
      atLeast(.every)
    }
    if options.groupsDirectoriesFirst {
      // A symlink to a directory goes with the directories, as in ls.
      atLeast(.unknownKinds)
      targetModes = true
    }
    if classifies {
      atLeast(.regularFilesAndUnknownKinds)
    }
    switch options.format {
    case .names:
      break
    case .long:
      atLeast(.every)
      symlinkTargets = true
      accessControlLists = true
      // The indicator after a symlink's target is the target's.
      targetModes = targetModes || classifies
    case .template(let template):
      for field in template.fields {
        if field.needsStatus { atLeast(.every) }
        if field == .type { atLeast(.unknownKinds) }
        if field == .target { symlinkTargets = true }
      }
    }
  }

  /// Whether any per-entry system call is needed.
  var isEmpty: Bool {
    self == MetadataNeeds()
  }

  /// Whether an entry of `kind` gets an `lstat`.
  func needsStatus(_ kind: FileKind) -> Bool {
    switch statusScope {
    case .none: false
    case .unknownKinds: kind == .unknown
    case .regularFilesAndUnknownKinds: kind == .unknown || kind == .regularFile
    case .every: true
    }
  }
}

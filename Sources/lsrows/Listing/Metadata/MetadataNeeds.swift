/// What must be read about each entry beyond its directory entry, so that a
/// plain name listing makes no per-entry system call at all.
struct MetadataNeeds: Sendable, Equatable {
  /// Which entries get an `lstat`.
  struct StatusKinds: OptionSet, Sendable, Equatable {
    let rawValue: UInt8

    /// Entries whose directory entry did not give their kind.
    static let unknown = StatusKinds(rawValue: 1)
    /// Regular files (`-F` and colors need their execute and set-id bits).
    static let regularFiles = StatusKinds(rawValue: 2)
    /// Directories (colors need their sticky and other-writable bits).
    static let directories = StatusKinds(rawValue: 4)
    /// Symbolic links (colors that follow them need to know they are links).
    static let symbolicLinks = StatusKinds(rawValue: 8)
    static let every = StatusKinds(rawValue: 16)
  }

  var statusKinds: StatusKinds = []
  /// `readlink` for symbolic links.
  var symlinkTargets = false
  /// `stat` through symbolic links, for what they point to.
  var targetModes = false
  /// Whether files have an access control list (`-l`'s `+`).
  var accessControlLists = false
  /// `-L`: statuses are of what symlinks point to.
  var followsSymlinks = false

  init() {}

  /// The needs of `options`, with `-F` in effect or not and the colors in use.
  init(_ options: Options, classifies: Bool, palette: ColorPalette? = nil) {
    switch options.sortKey {
    case .size, .time: statusKinds.insert(.every)
    case .name, .none, .extension, .version: break
    }
    if options.kinds != nil || options.listingDepth > 1 {
      // Filtering by kind, and knowing which entries to walk into.
      statusKinds.insert(.unknown)
    }
    if options.showsInode {
      // As ls 9.1: a directory entry's inode is wrong for mount points and
      // on some file systems (overlayfs), so -i reads each file's own.
      statusKinds.insert(.every)
    }
    if options.followsSymlinks {
      // As ls -L: every row describes what its symlink points to.
      followsSymlinks = true
      statusKinds.insert(.every)
    }
    if options.groupsDirectoriesFirst {
      // A symlink to a directory goes with the directories, as in ls.
      statusKinds.insert(.unknown)
      targetModes = true
    }
    if classifies {
      statusKinds.formUnion([.unknown, .regularFiles])
    }
    if let palette {
      // What ls stats for colors: the bits of files and directories that
      // pick a color, and symlinks' targets when orphans look different.
      statusKinds.insert(.unknown)
      if palette.isColored(.executable) || palette.isColored(.setuid) || palette.isColored(.setgid)
      {
        statusKinds.insert(.regularFiles)
      }
      if palette.isColored(.otherWritable) || palette.isColored(.sticky)
        || palette.isColored(.stickyOtherWritable)
      {
        statusKinds.insert(.directories)
      }
      if palette.isColored(.orphan) || (palette.isColored(.executable) && palette.linksAsTarget)
        || (palette.isColored(.missing) && options.isLongFormat)
      {
        targetModes = true
      }
      if palette.linksAsTarget || targetModes {
        statusKinds.insert(.symbolicLinks)
      }
    }
    switch options.format {
    case .names:
      break
    case .long:
      statusKinds.insert(.every)
      symlinkTargets = true
      accessControlLists = true
      // The indicator after a symlink's target is the target's. (Its color
      // is too, but ls looks only when orphans or missing targets have a
      // color of their own, set above; otherwise it leaves targets plain.)
      targetModes = targetModes || classifies
    case .template(let template):
      for field in template.fields {
        if field.needsStatus { statusKinds.insert(.every) }
        if field == .type { statusKinds.insert(.unknown) }
        if field == .target { symlinkTargets = true }
      }
    case .json, .csv:
      statusKinds.insert(.every)
      symlinkTargets = true
    }
  }

  /// Whether any per-entry system call is needed.
  var isEmpty: Bool {
    self == MetadataNeeds()
  }

  /// Whether an entry of `kind` gets an `lstat`.
  func needsStatus(_ kind: FileKind) -> Bool {
    if statusKinds.contains(.every) { return true }
    switch kind {
    case .unknown: return statusKinds.contains(.unknown)
    case .regularFile: return statusKinds.contains(.regularFiles)
    case .directory: return statusKinds.contains(.directories)
    case .symbolicLink: return statusKinds.contains(.symbolicLinks)
    default: return false
    }
  }
}

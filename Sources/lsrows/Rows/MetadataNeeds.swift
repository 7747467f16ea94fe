/// What must be read about each entry beyond its directory entry, so that a
/// plain name listing makes no per-entry system call at all.
///
/// Each stage says what it needs (the order, the selection, the cells) and
/// the needs are united once, before anything is read.
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
  /// What those statuses are read for; the kind always.
  var statusFields: StatusFields = []
  /// `readlink` for symbolic links.
  var symlinkTargets = false
  /// `stat` through symbolic links, for what they point to.
  var targetModes = false
  /// Whether files have an access control list (`-l`'s `+`).
  var accessControlLists = false
  /// Security contexts (`-Z`).
  var securityContexts = false
  /// `-L`: statuses are of what symlinks point to.
  var followsSymlinks = false
  /// How many entries each directory holds (the `entries` field).
  var entryCounts = false
  /// Totals of each directory's subtree (the `tree_` fields): a walk of
  /// everything below, whatever the listing shows.
  var subtreeTotals = false

  init(
    statusKinds: StatusKinds = [], statusFields: StatusFields = [], symlinkTargets: Bool = false,
    targetModes: Bool = false,
    accessControlLists: Bool = false, followsSymlinks: Bool = false, entryCounts: Bool = false,
    subtreeTotals: Bool = false
  ) {
    self.statusKinds = statusKinds
    self.statusFields = statusFields
    self.symlinkTargets = symlinkTargets
    self.targetModes = targetModes
    self.accessControlLists = accessControlLists
    self.followsSymlinks = followsSymlinks
    self.entryCounts = entryCounts
    self.subtreeTotals = subtreeTotals
  }

  /// Nothing beyond the directory entries.
  static let none = MetadataNeeds()

  /// Every entry's status, read for `fields`.
  static func statuses(_ fields: StatusFields) -> MetadataNeeds {
    MetadataNeeds(statusKinds: .every, statusFields: fields)
  }

  /// Adds what `other` needs.
  mutating func formUnion(_ other: MetadataNeeds) {
    statusKinds.formUnion(other.statusKinds)
    statusFields.formUnion(other.statusFields)
    symlinkTargets = symlinkTargets || other.symlinkTargets
    targetModes = targetModes || other.targetModes
    accessControlLists = accessControlLists || other.accessControlLists
    securityContexts = securityContexts || other.securityContexts
    followsSymlinks = followsSymlinks || other.followsSymlinks
    entryCounts = entryCounts || other.entryCounts
    subtreeTotals = subtreeTotals || other.subtreeTotals
  }

  /// What this and `other` need together.
  func union(_ other: MetadataNeeds) -> MetadataNeeds {
    var united = self
    united.formUnion(other)
    return united
  }

  /// These needs, without the entry counts of subdirectories.
  var withoutEntryCounts: MetadataNeeds {
    var needs = self
    needs.entryCounts = false
    return needs
  }

  /// Whether any per-entry system call is needed.
  var isEmpty: Bool {
    self == .none
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

/// One listed file as a typed row: what lsrows knows about it.
///
/// A row is a view of one entry of a ``Listing``, which holds the name
/// bytes and any status, so a row costs one reference to copy or box.
struct FileRow: Sendable {
  let listing: Listing
  /// The entry's position in the listing's entries.
  let position: Int

  var entry: Entry {
    listing.storage.entries[position]
  }

  private var list: EntryList {
    listing.storage
  }

  /// The entry's name, or for an operand the operand as given.
  var name: ArraySlice<UInt8> {
    list.name(of: entry)
  }

  /// The last component of the path: the name, or an operand's base name.
  var baseName: ArraySlice<UInt8> {
    let name = self.name
    guard location.isOperands else { return name }
    var end = name.endIndex
    while end > name.startIndex + 1 && name[end - 1] == UInt8(ascii: "/") { end -= 1 }
    let trimmed = name[..<end]
    guard let slash = trimmed.lastIndex(of: UInt8(ascii: "/")), trimmed.count > 1 else {
      return trimmed
    }
    return trimmed[(slash + 1)...]
  }

  /// What follows the last dot of the base name; empty when there is no
  /// dot, or the only dot starts the name (`.bashrc` has no extension).
  var fileExtension: ArraySlice<UInt8> {
    let base = baseName
    guard let dot = base.lastIndex(of: UInt8(ascii: ".")), dot != base.startIndex else {
      return base[base.endIndex...]
    }
    return base[(dot + 1)...]
  }

  /// The base name without its extension (and the dot before it).
  var stem: ArraySlice<UInt8> {
    let base = baseName
    guard let dot = base.lastIndex(of: UInt8(ascii: ".")), dot != base.startIndex else {
      return base
    }
    return base[..<dot]
  }

  /// The path without its last component, as find's `%h`: `.` when the
  /// path has no slash, `/` for what is directly under the root.
  var parent: FieldText {
    let slash = UInt8(ascii: "/")
    if !location.isOperands {
      var prefix = location.fieldPathPrefix
      guard !prefix.isEmpty else { return FieldText(Array(".".utf8)) }
      while prefix.count > 1 && prefix.last == slash { prefix = prefix.dropLast() }
      return FieldText(prefix)
    }
    var path = name
    while path.count > 1 && path.last == slash { path = path.dropLast() }
    guard let last = path.lastIndex(of: slash) else { return FieldText(Array(".".utf8)) }
    var parent = path[..<last]
    while parent.count > 1 && parent.last == slash { parent = parent.dropLast() }
    return FieldText(parent.isEmpty ? path[last...last] : parent)
  }

  /// How many entries the directory holds, when they were counted: by
  /// the walk as it read the directory, or else on their own.
  var entryCount: Int? {
    list.entryCounts[entry.index] ?? listing.walkedEntryCounts?.count(of: entry.index)
  }

  /// The totals of a directory's subtree, once the walk below it ended.
  var treeTotals: TreeTotals? {
    list.treeTotals[entry.index]
  }

  /// Whether the row is `.` or `..` of a directory (`-a`).
  var isDotOrDotDot: Bool {
    list.names.withUnsafeBufferPointer { entry.isDotOrDotDot(in: $0) }
  }

  var location: RowLocation {
    listing.location
  }

  var kind: FileKind {
    entry.kind
  }

  /// What was read about the file beyond its directory entry.
  var details: EntryDetails? {
    list.details(of: entry)
  }

  /// The file's status, when an option needed it and it could be read.
  var status: FileStatus? {
    list.status(of: entry)
  }

  /// Where a symbolic link points, when an option needed it.
  var symlinkTarget: [UInt8]? {
    list.symlinkTargets[entry.index]
  }

  /// The file's security context (`-Z`), when it has one and it was read.
  var securityContext: [UInt8]? {
    list.securityContexts[entry.index]
  }

  /// The path of the file from the working directory.
  var path: [UInt8] {
    location.pathPrefix + name
  }

  var depth: Int {
    location.depth
  }

  /// The mode of what a symbolic link points to, when it was looked at
  /// and the link points somewhere.
  var targetMode: FileMode? {
    details?.targetMode
  }

  /// The row's default text: the location's display prefix and the name.
  var displayText: [UInt8] {
    var text: [UInt8] = []
    appendDisplayText(to: &text)
    return text
  }

  /// Appends the row's default text to `bytes`: the location's display
  /// prefix and the name.
  func appendDisplayText(to bytes: inout [UInt8]) {
    let entry = self.entry
    listing.location.withDisplayPrefix { prefix in
      list.withName(of: entry) { name in
        ByteRuns(first: prefix, second: name).append(to: &bytes)
      }
    }
  }
}

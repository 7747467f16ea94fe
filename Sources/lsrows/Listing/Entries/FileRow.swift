/// Where a row's entry is, shared by every row of one directory listing.
final class RowLocation: Sendable {
  /// What a row shows before the entry's name: nothing for the only operand,
  /// `ARG/` when there are several.
  let displayPrefix: [UInt8]
  /// What reaches the entry's directory from the working directory: `ARG/`,
  /// or nothing for an operand, whose name is its whole path.
  let pathPrefix: [UInt8]
  /// How far below the operand the entries are: 0 for operands themselves.
  let depth: Int

  init(displayPrefix: [UInt8], pathPrefix: [UInt8], depth: Int) {
    self.displayPrefix = displayPrefix
    self.pathPrefix = pathPrefix
    self.depth = depth
  }

  /// The location of operands: each row is its operand, as given.
  static let operands = RowLocation(displayPrefix: [], pathPrefix: [], depth: 0)

  /// Whether these are operands, named by their whole path.
  var isOperands: Bool {
    self === RowLocation.operands
  }
}

/// Entries that are being written as rows, and where they are.
///
/// Immutable once made, so rows read it without exclusivity checks.
final class Listing: Sendable {
  let list: EntryList
  let location: RowLocation
  /// Which directory the entries come from, the same for every run of rows
  /// from one directory, so that column widths are measured once per
  /// directory; 0 for operands.
  let directoryID: Int

  init(_ list: EntryList, at location: RowLocation, directoryID: Int = 0) {
    self.list = list
    self.location = location
    self.directoryID = directoryID
  }
}

/// One listed file as a typed row: what lsrows knows about it.
///
/// A row is a view of one entry of a ``Listing``, which holds the name
/// bytes and any status, so a row costs one reference to copy or box.
struct FileRow {
  let listing: Listing
  /// The entry's position in the listing's entries.
  let position: Int

  var entry: Entry {
    listing.list.entries[position]
  }

  private var list: EntryList {
    listing.list
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

  var location: RowLocation {
    listing.location
  }

  var kind: FileKind {
    entry.kind
  }

  var inode: UInt64 {
    entry.inode
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

  /// The path of the file from the working directory.
  var path: [UInt8] {
    location.pathPrefix + name
  }

  var depth: Int {
    location.depth
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
    let prefix = listing.location.displayPrefix
    if !prefix.isEmpty { bytes.append(contentsOf: prefix) }
    list.appendName(of: entry, to: &bytes)
  }
}

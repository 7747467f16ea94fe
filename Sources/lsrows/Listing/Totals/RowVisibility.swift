/// Which rows a listing shows when its walk reads everything for the
/// `tree_` totals: that walk keeps hidden, ignored and pruned entries and
/// goes to any depth, as du does, and this decides what the listing's own
/// walk would have listed.
///
/// A row is shown when its directory is and the row passes on its own,
/// so nothing below a hidden, ignored or pruned directory is shown, as
/// nothing below one is entered.
struct RowVisibility: Sendable {
  let hidden: HiddenEntries
  /// `-I`, `-B`, and `--hide` unless `-a` or `-A`.
  let ignored: IgnoredNames
  let prunes: Prunes
  /// The deepest rows shown: 1 without `-R`.
  let maxDepth: Int
  /// `--gitignore`: what git ignores, and `.git`, is not shown.
  var appliesGitIgnore = false

  /// Whether `row` is shown when its directory is.
  func shows(_ row: FileRow, _ reader: FieldReader) -> Bool {
    guard row.depth <= maxDepth else { return false }
    let name = row.name
    if name.first == UInt8(ascii: "."),
      !row.listing.storage.withName(of: row.entry, { hidden.keeps($0) })
    {
      return false
    }
    if !ignored.isEmpty && ignored.contains(name) { return false }
    if appliesGitIgnore && GitIgnoreScope.excludes(row) { return false }
    if !prunes.isEmpty && (row.status?.kind ?? row.kind) == .directory && prunes.prunes(row, reader)
    {
      return false
    }
    return true
  }
}

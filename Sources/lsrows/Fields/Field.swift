/// A field of a row: the one vocabulary of `--format` templates, `--json`
/// keys and `--csv` columns.
///
/// To add a field: a case here (its position is its place in JSON and CSV),
/// its type, needs and summary in `Field+Properties.swift`, and how it is
/// read in `FieldReader.swift`; the man page and the completions list the
/// fields too, and a test checks that they do.
enum Field: String, CaseIterable, Sendable {
  case name, path, type, size, mode, perms, links, uid, gid, user, group
  case mtime, atime, ctime
  case mtimeEpoch = "mtime_epoch"
  case inode, target
  case `extension` = "ext"
  case depth
  // Added after the first release: last, so that CSV columns keep their places.
  case btime, blocks, dev, parent, stem
  /// In JSON and CSV only when `--fields` names it: reading it costs a
  /// directory read.
  case entries
  /// Totals of an entry and everything below it, as du counts them: in
  /// JSON and CSV only when `--fields` names them, as they cost a walk.
  case treeSize = "tree_size"
  case treeBlocks = "tree_blocks"
  case treeEntries = "tree_entries"
  case treeMtime = "tree_mtime"

  /// The fields JSON objects and CSV records carry unless `--fields` says
  /// otherwise, in their order: all but those derived from another (`ext`,
  /// `mtime_epoch`), `entries` and the tree totals.
  static let recorded = allCases.filter(\.isRecorded)

  /// `{name} {path} ...`, as `--help` and messages list the fields.
  static let templateList = allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")

  /// `name path ...`, as messages list the fields where a name is expected.
  static let nameList = allCases.map(\.rawValue).joined(separator: " ")
}

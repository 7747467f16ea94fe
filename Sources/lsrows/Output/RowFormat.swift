/// What each row shows.
enum RowFormat: Sendable {
  /// The name (the default), possibly decorated by `-i` and `-F`.
  case names
  /// `ls -l` columns.
  case long
  /// A `--format` template.
  case template(Template)
  /// JSON Lines: one object per row.
  case json
  /// RFC 4180 CSV with a header line.
  case csv
}

extension RowFormat {
  /// Whether rows are `ls -l`'s.
  var isLong: Bool {
    if case .long = self { return true }
    return false
  }

  /// Whether each row is a record of every field (JSON, CSV): several
  /// hundred bytes, where a name or an `ls -l` row is tens.
  var isRecord: Bool {
    switch self {
    case .json, .csv: return true
    case .names, .long, .template: return false
    }
  }
}

/// Which rows are written: `--type`'s kinds.
///
/// Rows are filtered where they are written, not where they are read, so
/// that a directory filtered out is still walked into with `-R`.
struct RowFilter: Sendable {
  /// The kinds to keep; `nil` keeps every kind.
  var kinds: Set<FileKind>?

  /// Keeps every row.
  static let all = RowFilter(kinds: nil)

  /// Whether every row is written.
  var keepsAll: Bool {
    kinds == nil
  }

  /// Whether `row` is written.
  func shows(_ row: FileRow) -> Bool {
    kinds?.contains(row.kind) ?? true
  }

  /// The kind of every entry must be known to filter by kind.
  var metadataNeeds: MetadataNeeds {
    kinds == nil ? .none : MetadataNeeds(statusKinds: .unknown)
  }
}

/// Which rows are written: `--type`'s kinds, `--min-depth`, and every
/// `--where` expression.
///
/// Rows are filtered where they are written, not where they are read, so
/// that a directory filtered out is still walked into with `-R` (as find
/// goes on below a directory its tests reject). The one exception is a
/// large directory read in chunks, which is never walked below: each chunk
/// is filtered before its sort (``DirectoryBatchReader/chunkFilter``), and
/// its rows' ``Listing/isFiltered`` spares the writer asking again.
struct RowFilter: Sendable {
  /// The kinds to keep; `nil` keeps every kind.
  var kinds: Set<FileKind>?
  /// Rows shallower than this are not written (0 is an operand itself).
  var minDepth = 0
  /// Each must hold.
  var queries: [QueryExpression] = []

  /// Keeps every row.
  static let all = RowFilter(kinds: nil)

  /// Whether every row is written.
  var keepsAll: Bool {
    kinds == nil && minDepth == 0 && queries.isEmpty
  }

  /// Whether `row` is written; `reader` reads the fields the queries ask.
  func shows(_ row: FileRow, _ reader: FieldReader) -> Bool {
    if let kinds, !kinds.contains(row.kind) { return false }
    if row.depth < minDepth { return false }
    guard !queries.isEmpty else { return true }
    let fields = reader.fields(of: row)
    return queries.allSatisfy { $0.holds(for: fields) }
  }

  /// What must be read to decide: the kind of every entry for `--type`,
  /// the fields the queries read.
  var metadataNeeds: MetadataNeeds {
    var needs = kinds == nil ? MetadataNeeds.none : MetadataNeeds(statusKinds: .unknown)
    for query in queries { needs.formUnion(query.metadataNeeds) }
    return needs
  }
}

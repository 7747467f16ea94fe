/// What a format measures over rows that share columns, taken one row at
/// a time: for rows that are never all held at once (a whole-tree order
/// kept within `--sort-memory`), so the measure cannot walk them later.
struct ColumnMeasure {
  /// The widths of the columns before names.
  var columns = LongColumns()
  /// Whether any row's name is quoted, which moves the others one column
  /// right under the quoting styles that quote only some names.
  var anyQuoted = false
}

import RowCore

/// The measured columns of each directory on a walk's current path, by
/// depth, so that column widths are measured once per directory although
/// its rows come in several runs (between its subdirectories' rows).
struct ColumnCache {
  /// A directory's columns, and the closure that configures its rows.
  struct Columns {
    let measure: ColumnMeasure
    let configure: (inout Cell, FileRow) -> Void
  }

  private var columnsByDepth: [(directory: DirectoryID, columns: Columns)?] = []

  /// The columns of `listing`'s directory: the cached ones, or new ones
  /// from `make`, which replace whatever was cached at that depth and
  /// below (those directories are finished: the walk is pre-order).
  mutating func columns(for listing: Listing, make: () -> Columns) -> Columns {
    let depth = listing.location.depth
    guard depth > 0 else { return make() }
    if columnsByDepth.count > depth { columnsByDepth.removeSubrange(depth...) }
    if columnsByDepth.count == depth, let cached = columnsByDepth[depth - 1],
      cached.directory == listing.directory
    {
      return cached.columns
    }
    let columns = make()
    // Shallower depths that sent no rows of their own hold nothing.
    while columnsByDepth.count < depth { columnsByDepth.append(nil) }
    columnsByDepth[depth - 1] = (listing.directory, columns)
    return columns
  }
}

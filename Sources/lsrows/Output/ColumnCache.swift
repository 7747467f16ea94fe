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

  private var closures: [(directory: DirectoryID, columns: Columns)?] = []

  /// The columns of `listing`'s directory: the cached ones, or new ones
  /// from `make`, which replace whatever was cached at that depth and
  /// below (those directories are finished: the walk is pre-order).
  mutating func columns(for listing: Listing, make: () -> Columns) -> Columns {
    let depth = listing.location.depth
    guard depth > 0 else { return make() }
    if closures.count > depth { closures.removeSubrange(depth...) }
    if closures.count == depth, let cached = closures[depth - 1],
      cached.directory == listing.directory
    {
      return cached.columns
    }
    let columns = make()
    // Shallower depths that sent no rows of their own hold nothing.
    while closures.count < depth { closures.append(nil) }
    closures[depth - 1] = (listing.directory, columns)
    return columns
  }
}

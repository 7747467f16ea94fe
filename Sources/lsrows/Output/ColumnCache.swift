import RowCore

/// The configure closure of each directory on a walk's current path, by
/// depth, so that column widths are measured once per directory although
/// its rows come in several runs (between its subdirectories' rows).
struct ColumnCache {
  private var closures: [(directory: DirectoryID, configure: (inout Cell, FileRow) -> Void)?] = []

  /// The closure for `listing`'s directory: the cached one, or a new one
  /// from `make`, which replaces whatever was cached at that depth and
  /// below (those directories are finished: the walk is pre-order).
  mutating func configure(
    for listing: Listing, make: () -> (inout Cell, FileRow) -> Void
  ) -> (inout Cell, FileRow) -> Void {
    let depth = listing.location.depth
    guard depth > 0 else { return make() }
    if closures.count > depth { closures.removeSubrange(depth...) }
    if closures.count == depth, let cached = closures[depth - 1],
      cached.directory == listing.directory
    {
      return cached.configure
    }
    let configure = make()
    // Shallower depths that sent no rows of their own hold nothing.
    while closures.count < depth { closures.append(nil) }
    closures[depth - 1] = (listing.directory, configure)
    return configure
  }
}

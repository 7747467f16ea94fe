/// Whether and how a walk lists subtrees on a second thread.
///
/// Set only for listings whose rows depend on nothing outside their own
/// directory and are written in walk order (``Configuration``): `-R`
/// without `--limit`, a whole-tree order, totals, `-L`, colors or rows
/// written as they are read.
struct SubtreeSplitting: Sendable {
  /// Makes a renderer for one thread.
  ///
  /// Set by the lister, which knows how rows are presented; without it,
  /// the walk reads ahead instead.
  var makeRenderer: (@Sendable () -> any SubtreeRendering)?
  /// Claims every subtree it can, not only while the worker is idle: for
  /// tests, so that small trees go through the worker (`LSROWS_SUBTREES=all`).
  var claimsEagerly = false
}

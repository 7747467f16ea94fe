/// What turns a subtree walk's events into its job's output: the rows
/// rendered into chunks of bytes, as the writing thread would render them,
/// and the other events between them, in order.
///
/// Made above the walk, by the lister, which knows how rows are presented;
/// each thread that lists subtrees has its own.
protocol SubtreeRendering: AnyObject {
  /// Renders the rows of `events` into `job`'s chunks and appends its
  /// other events between them, in order.
  ///
  /// - Returns: `false` once the job's output was stopped: listing it
  ///   should stop.
  func append(_ events: [WalkEvent], to job: SubtreeJob) -> Bool

  /// Hands `job` what is still buffered of its rows.
  func finish(_ job: SubtreeJob)
}

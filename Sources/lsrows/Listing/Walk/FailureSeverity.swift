/// How much a failure during a walk matters, as ls weighs it: failing to
/// read an operand is serious trouble; anything below it is a minor
/// problem, and the rest of the tree is still listed.
enum FailureSeverity {
  /// The exit status of a failure in a directory at `depth` (1 is the
  /// operand's own entries).
  static func of(failureAt depth: Int) -> ExitStatus {
    depth <= 1 ? .seriousTrouble : .minorProblem
  }

  /// The exit status of a failure about one entry (its metadata, or
  /// opening it as a subdirectory): always minor.
  static let entry = ExitStatus.minorProblem
}

/// How lsrows exits, as ls does: the worst thing that happened wins.
enum ExitStatus: Int32, Comparable, Sendable {
  /// Everything was listed.
  case success = 0
  /// Something below an operand could not be listed (ls's "minor problems"),
  /// or an option argument was invalid.
  case minorProblem = 1
  /// An operand could not be listed, the command line was wrong, or the
  /// output could not be written.
  case seriousTrouble = 2

  static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

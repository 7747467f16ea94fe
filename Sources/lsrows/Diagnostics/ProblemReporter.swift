/// Reports problems as they happen and keeps the exit status: the worst
/// problem met wins (0 < 1 < 2), as in ls.
final class ProblemReporter {
  private let diagnostics: Diagnostics
  /// Writes the rows so far, so that messages and rows interleave as ls
  /// interleaves them.
  private let beforeMessage: () throws(SystemError) -> Void
  /// The exit status so far.
  private(set) var status = ExitStatus.success

  init(_ diagnostics: Diagnostics, beforeMessage: @escaping () throws(SystemError) -> Void) {
    self.diagnostics = diagnostics
    self.beforeMessage = beforeMessage
  }

  /// Reports a failed call that earns `status`.
  ///
  /// - Throws: The failure to write the rows before the message.
  func report(_ error: SystemError, _ status: ExitStatus) throws(SystemError) {
    try beforeMessage()
    diagnostics.report(error)
    self.status = max(self.status, status)
  }

  /// Reports a directory already being listed higher up: a loop, which ls
  /// counts as serious trouble.
  func reportLoop(_ path: [UInt8]) throws(SystemError) {
    try beforeMessage()
    diagnostics.reportLoop(path)
    status = max(status, .seriousTrouble)
  }

  /// Reports an empty name in a `--files0-from` list, as du does.
  func reportEmptyName(in file: [UInt8], at number: Int) throws(SystemError) {
    try beforeMessage()
    diagnostics.reportInvalidEmptyName(in: file, at: number)
    status = max(status, .seriousTrouble)
  }
}

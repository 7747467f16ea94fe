import RowCore

/// Writes messages to standard error in ls's wording, one line each.
struct Diagnostics {
  /// The name messages start with.
  ///
  /// A fixed name, not argv[0], so that scripts see the same text however
  /// lsrows was started.
  static let programName = "lsrows"

  /// Writes `lsrows: message` and a newline, ignoring failure: there is
  /// nowhere left to report it.
  func report(_ message: [UInt8]) {
    var line = Array("\(Self.programName): ".utf8)
    line.append(contentsOf: message)
    line.append(UInt8(ascii: "\n"))
    var standardError = FileDescriptorSink(descriptor: FileDescriptor.standardError.rawValue)
    line.withUnsafeBytes { bytes in try? standardError.write(bytes) }
  }

  func report(_ error: SystemError) {
    report(Self.message(for: error))
  }

  /// Reports a directory that is already being listed higher up (a loop),
  /// as ls words it.
  func reportLoop(_ path: [UInt8]) {
    report(
      Quoting(.shellEscape).quoted(path) + Array(": not listing already-listed directory".utf8))
  }

  /// Reports an empty name in a `--files0-from` list, as du words it.
  func reportInvalidEmptyName(in file: [UInt8], at number: Int) {
    report(
      Quoting(.shellEscape).quoted(file) + Array(":\(number): invalid zero-length file name".utf8))
  }

  /// Reports a command line mistake and the line that points to `--help`.
  func report(_ error: UsageError) {
    var text = Self.message(for: error)
    if error.suggestsHelp {
      text.append(
        contentsOf: Array("\nTry '\(Self.programName) --help' for more information.".utf8))
    }
    report(text)
  }
}

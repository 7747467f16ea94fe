import Glibc

/// The entry point, and the only place that exits.
@main
enum LSRows {
  static func main() {
    // A closed standard descriptor must not be reused by a directory we open.
    FileDescriptor.occupyIfClosed(.standardOutput)
    FileDescriptor.occupyIfClosed(.standardError)
    Memory.keepOneArenaUnderLimit()
    exit(run().rawValue)
  }

  private static func run() -> ExitStatus {
    let diagnostics = Diagnostics()
    let command: Command
    do {
      command = try Options.parse(
        Array(rawArguments().dropFirst()),
        stopsAtFirstOperand: environmentValue("POSIXLY_CORRECT") != nil)
    } catch {
      diagnostics.report(error)
      return error.exitStatus
    }
    do {
      switch command {
      case .help:
        try write(Usage.help)
        return .success
      case .version:
        try write(Usage.version)
        return .success
      case .list(let options):
        CivilTime.loadTimeZone()
        let isTerminal = FileDescriptor.standardOutput.isTerminal
        let classifies = options.classify == .always || (options.classify == .auto && isTerminal)
        let names = NameStyle.resolve(
          options, classifies: classifies, isTerminal: isTerminal,
          environment: environmentValue,
          terminalWidth: isTerminal ? FileDescriptor.standardOutput.terminalWidth : nil,
          warn: diagnostics.report)
        let lister = Lister(
          options: options, output: OutputFile(.standardOutput), classifies: classifies,
          names: names)
        return try lister.run()
      }
    } catch let error as SystemError {
      // A reader that went away is not news: stop quietly, as with SIGPIPE.
      if error.errno != .brokenPipe {
        diagnostics.report(error)
      }
      return .seriousTrouble
    } catch is MemoryExhausted {
      diagnostics.report(Array("memory exhausted".utf8))
      return .seriousTrouble
    } catch {
      return .seriousTrouble
    }
  }

  private static func write(_ text: String) throws {
    var sink = OutputFile(.standardOutput)
    try Array(text.utf8).withUnsafeBytes { try sink.write($0) }
  }
}

import Glibc
import RowCore

/// The entry point, and the only place that exits.
@main
enum LSRows {
  static func main() {
    // A closed standard descriptor must not be reused by a directory we open.
    FileDescriptor.occupyIfClosed(.standardOutput)
    FileDescriptor.occupyIfClosed(.standardError)
    Memory.keepOneArenaUnderLimit()
    Memory.mapLargeBlocksApart()
    ThreadCancellation.disable()
    exit(run().rawValue)
  }

  private static func run() -> ExitStatus {
    let diagnostics = Diagnostics()
    let command: Command
    do {
      command = try Options.parse(
        Array(ProcessArguments.bytes.dropFirst()),
        stopsAtFirstOperand: environmentValue("POSIXLY_CORRECT") != nil,
        outputIsTerminal: FileDescriptor.standardOutput.isTerminal)
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
        let configuration: Configuration
        do {
          configuration = try Configuration(
            options, environment: environmentValue, output: .standardOutput,
            warn: diagnostics.report)
        } catch {
          diagnostics.report(error)
          return error.exitStatus
        }
        let output = RowOutput(
          configuration.presentation,
          sink: OutputSink(FileDescriptorSink(descriptor: FileDescriptor.standardOutput.rawValue)),
          limit: configuration.limit)
        return try Lister(configuration, output: output, diagnostics: diagnostics).run()
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
      // Nothing else is thrown; should that change, say what it was.
      diagnostics.report(Array("unexpected failure: \(error)".utf8))
      return .seriousTrouble
    }
  }

  private static func write(_ text: String) throws(SystemError) {
    var sink = FileDescriptorSink(descriptor: FileDescriptor.standardOutput.rawValue)
    let written = Array(text.utf8).withUnsafeBytes { bytes in
      Result { () throws(FileDescriptorSink.WriteError) in try sink.write(bytes) }
    }
    if case .failure(let error) = written {
      throw .write(Errno(rawValue: error.errno))
    }
  }
}

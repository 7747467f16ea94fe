import Glibc

/// The programs the end-to-end tests run.
enum Programs {
  /// The lsrows built with the tests: `LSROWS_BINARY` if set, otherwise the
  /// `lsrows` next to the test bundle in the build directory.
  static let lsrows: String = {
    if let path = getenv("LSROWS_BINARY") { return String(cString: path) }
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    precondition(count > 0, "cannot find the test executable")
    let executable = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let directory = executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)]
    return "\(directory)/lsrows"
  }()

  /// The sanitizer lsrows was built with (`make test-sanitize` sets
  /// `LSROWS_SANITIZER`), if any: it changes how much memory lsrows maps.
  static let sanitizer: String? = getenv("LSROWS_SANITIZER").map { String(cString: $0) }

  /// The C locale, for ls and for lsrows alike.
  ///
  /// The reference is `LC_ALL=C ls`; the runner's own color settings
  /// (swift test sets NO_COLOR) are removed too.
  static let cLocale: [String: String?] = [
    "LC_ALL": "C", "TZ": "UTC", "QUOTING_STYLE": nil, "LS_COLORS": nil, "NO_COLOR": nil,
    "COLORTERM": nil,
  ]
}

/// Runs the built lsrows with byte-string arguments from `directory`.
func lsrows(
  _ arguments: [[UInt8]],
  in directory: String? = nil,
  environment: [String: String?] = [:],
  input: [UInt8]? = nil,
  output: OutputTarget = .capture
) -> ProcessResult {
  inDirectory(directory, Programs.lsrows, arguments, environment, input, output)
}

/// Runs lsrows with text arguments.
func lsrows(_ arguments: String..., in directory: String? = nil) -> ProcessResult {
  lsrows(arguments.map(bytes), in: directory)
}

/// Runs GNU ls in the C locale with the same kind of arguments, as the
/// reference; `environment` adds to or overrides the C locale's settings.
func ls(
  _ arguments: [[UInt8]],
  in directory: String? = nil,
  environment: [String: String?] = [:],
  output: OutputTarget = .capture
) -> ProcessResult {
  inDirectory(directory, "ls", arguments, environment, nil, output)
}

/// Runs `ls` with text arguments.
func ls(_ arguments: String..., in directory: String? = nil) -> ProcessResult {
  ls(arguments.map(bytes), in: directory)
}

private func inDirectory(
  _ directory: String?,
  _ program: String,
  _ arguments: [[UInt8]],
  _ environment: [String: String?],
  _ input: [UInt8]?,
  _ output: OutputTarget
) -> ProcessResult {
  var environment = environment
  // updateValue, not subscript assignment: assigning nil would drop the
  // key, and the runner's own value would then leak through.
  for (name, value) in Programs.cLocale where environment.index(forKey: name) == nil {
    environment.updateValue(value, forKey: name)
  }
  guard let directory else {
    return runProcess(program, arguments, environment: environment, input: input, output: output)
  }
  // env -C changes directory without a shell in between.
  return runProcess(
    "env", [bytes("-C"), bytes(directory), bytes(program)] + arguments,
    environment: environment, input: input, output: output)
}

/// Replaces ls's program name in its messages with lsrows', to compare them.
func asLsrowsMessages(_ standardError: [UInt8]) -> [UInt8] {
  let lines = standardError.split(separator: 0x0A, omittingEmptySubsequences: false)
  return Array(
    lines.map { line -> [UInt8] in
      var line = Array(line)
      if line.starts(with: bytes("ls: ")) { line = bytes("lsrows: ") + line.dropFirst(4) }
      if line.starts(with: bytes("Try 'ls --help'")) {
        line = bytes("Try 'lsrows --help'") + line.dropFirst(15)
      }
      return line
    }.joined(separator: [0x0A]))
}

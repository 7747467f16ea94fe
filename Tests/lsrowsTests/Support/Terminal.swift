/// Runs a command on a pseudo-terminal with util-linux's `script`, so that
/// standard output is a terminal, and returns what the terminal received
/// (line ends come back as CR LF).
func onTerminal(
  _ program: String, _ arguments: [String], in directory: String,
  environment: [String: String?] = [:]
) -> ProcessResult {
  // script takes one shell command: quote every word for the shell.
  func quoted(_ word: String) -> String { "'" + word.replacing("'", with: "'\\''") + "'" }
  let command = ([program] + arguments).map(quoted).joined(separator: " ")
  var environment = environment
  // updateValue: assigning nil through the subscript would drop the key.
  for (name, value) in Programs.cLocale where environment.index(forKey: name) == nil {
    environment.updateValue(value, forKey: name)
  }
  if environment.index(forKey: "TERM") == nil { environment.updateValue("xterm", forKey: "TERM") }
  return runProcess(
    "env",
    [
      bytes("-C"), bytes(directory), bytes("script"), bytes("-qec"), bytes(command),
      bytes("/dev/null"),
    ],
    environment: environment)
}

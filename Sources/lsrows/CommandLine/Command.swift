/// What a command line asks lsrows to do.
enum Command: Sendable {
  case list(Options)
  case help
  case version
}

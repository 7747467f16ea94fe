import Glibc

extension FileDescriptor {
  /// Whether the descriptor is a terminal.
  var isTerminal: Bool {
    isatty(rawValue) == 1
  }

  /// The width of the terminal this descriptor is, if it is one.
  var terminalWidth: Int? {
    var size = winsize()
    guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

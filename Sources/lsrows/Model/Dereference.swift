/// Which symbolic links are followed for what they point to, as ls decides.
enum Dereference: Sendable, Equatable {
  /// None: every link is shown as itself (with `-d`, `-l` or `-F`).
  case never
  /// `-H`: links named on the command line.
  case commandLine
  /// Links on the command line that point to a directory (the default
  /// without `-d`, `-l` and `-F`).
  case commandLineSymlinkToDirectory
  /// `-L`: every link.
  case always
}

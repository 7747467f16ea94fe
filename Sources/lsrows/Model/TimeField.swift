/// Which of a file's times `-l` shows and `-t` sorts by (`--time`, `-c`, `-u`).
enum TimeField: Sendable, Equatable {
  case modification
  case access
  case change
  /// The birth time, where the file system keeps one (statx).
  case birth
}

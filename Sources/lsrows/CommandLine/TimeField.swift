/// Which of a file's times `-l`, `-t` and `{mtime}`-less displays use.
enum TimeField: Sendable, Equatable {
  case modification
  case access
  case change
}

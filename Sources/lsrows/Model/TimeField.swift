/// Which of a file's times `-l` shows and `-t` sorts by (`--time`, `-c`, `-u`).
enum TimeField: Sendable, Equatable {
  case modification
  case access
  case change
  /// The birth time, where the file system keeps one (statx).
  case birth
}

extension TimeField {
  /// The `statx` field that holds this time.
  var statusField: StatusFields {
    switch self {
    case .modification: .modificationTime
    case .access: .accessTime
    case .change: .changeTime
    case .birth: .birthTime
    }
  }
}

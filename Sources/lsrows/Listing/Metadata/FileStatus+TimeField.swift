extension FileStatus {
  /// The time `field` names, as `-l` shows it and `-t` sorts by it.
  func time(_ field: TimeField) -> Timestamp {
    switch field {
    case .modification: modificationTime
    case .access: accessTime
    case .change: changeTime
    }
  }
}

extension FileStatus {
  /// The time `field` names, as `-l` shows it; `nil` for a birth time the
  /// file system does not keep.
  func time(_ field: TimeField) -> Timestamp? {
    switch field {
    case .modification: modificationTime
    case .access: accessTime
    case .change: changeTime
    case .birth: birthTime
    }
  }

  /// The time `-t` sorts by: a missing birth time counts as one second
  /// before the epoch, as ls counts it, so such files sort as the oldest.
  func sortingTime(_ field: TimeField) -> Timestamp {
    time(field) ?? Timestamp(seconds: -1, nanoseconds: -1)
  }
}

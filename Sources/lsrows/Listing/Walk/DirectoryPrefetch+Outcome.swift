extension DirectoryPrefetch {
  /// What reading a directory found.
  ///
  /// A reference, so that handing it from the helper to the walk moves one
  /// pointer: as a value, each hand-off copied (retained) a dozen arrays.
  /// The reader fills it before publishing it under the lock, and only the
  /// walk touches it after taking it.
  final class Outcome {
    var identity: DirectoryIdentity?
    var error: Errno?
    /// How long opening it and reading its identity took, in nanoseconds.
    var latency: UInt64 = 0
    /// Where its rows are, made once for the reader and the walk's frame.
    var location: RowLocation?
    /// `nil` when the directory was not read: on another file system.
    var batch: DirectoryBatch?
    /// The numbers of its subdirectories, in the order the walk descends
    /// into them.
    var subdirectories: Range<Int> = 0..<0

    init() {}

    /// Forgets what it held, to be filled again.
    func clear() {
      (identity, error, location, batch, subdirectories) = (nil, nil, nil, nil, 0..<0)
      latency = 0
    }
  }
}

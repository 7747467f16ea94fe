extension DirectoryPrefetch {
  /// What one thread reads the prefetch's directories with: the helper has
  /// one, the walk another.
  ///
  /// Kept from one directory to the next, so that reading one allocates no
  /// stream and no array of paths; owned by its thread, so that the shared
  /// prefetch holds nothing only one thread may touch.
  struct Reader {
    /// Reads each directory whole into the thread's buffer, one after another.
    let stream: DirectoryStream
    /// The paths of the subdirectories of the directory just read, until
    /// they are queued.
    var subdirectoryPaths: [[UInt8]?] = []
    /// An outcome to fill with the next directory read, instead of a new one.
    var spare: Outcome?
    /// The outcome the walk took last, handed back at its next take.
    var finished: Outcome?
    /// How long the walk's last read of its own took, in nanoseconds,
    /// until its next take records it with the helpers' reads.
    var unrecordedLatency: UInt64?
    /// The directory just read, kept open for its subdirectories on a slow
    /// file system, until they are queued.
    var parent: OpenParent?

    /// - Parameter buffer: ``DirectoryStream/bufferSize`` bytes that the
    ///   caller frees, and lends to no stream that is not read to its end.
    init(buffer: UnsafeMutableRawPointer) {
      stream = DirectoryStream(reusing: buffer)
    }
  }
}

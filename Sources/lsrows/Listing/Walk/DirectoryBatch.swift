/// Entries read from a directory, with their metadata, sorted.
struct DirectoryBatch: Sendable {
  var list = EntryList()
  var reachedEnd = false
  /// Why reading stopped early; what was read before is still listed.
  var readError: Errno?
  /// The entries whose metadata could not be read.
  var failures: [SystemError] = []
  /// Memory ran out: the walk must stop.
  var exhausted = false
  /// Every entry the reads saw, kept or not, `.` and `..` aside.
  var entryCount = 0
  /// `--gitignore`: the rules of the directory, when the read entered it
  /// (``DirectoryBatchReader/read(from:limit:at:entering:)``).
  var ignoreScope: GitIgnoreScope?

  /// Whether nothing more is read after this batch: the directory ended,
  /// reading failed, or memory ran out.
  var endsReading: Bool {
    reachedEnd || readError != nil || exhausted
  }
}

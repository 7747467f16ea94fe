/// `--sort-by` below an operand with `-R`: one order over every row of the
/// operand's tree, rather than each directory on its own.
///
/// The keys decide first, each in its direction; rows whose keys are equal
/// go by their paths, byte-wise, so the order never depends on the order
/// the directories were read in. `-r` reverses the whole comparison and
/// `--group-directories-first` puts directories (and links to them) first,
/// as they do within a directory.
struct TreeOrder: Sendable {
  let keys: [SortField]
  let isReversed: Bool
  let groupsDirectoriesFirst: Bool

  /// The order of two rows given their key values (read by
  /// ``SortValue/append(of:keys:reader:to:)``): negative when `a` comes first.
  func compare(
    _ a: FileRow, _ valuesA: UnsafeBufferPointer<SortValue?>,
    _ b: FileRow, _ valuesB: UnsafeBufferPointer<SortValue?>
  ) -> Int {
    if groupsDirectoriesFirst {
      let directoryA = Self.isDirectoryLike(a)
      if directoryA != Self.isDirectoryLike(b) { return directoryA ? -1 : 1 }
    }
    var order = SortValue.compare(valuesA, valuesB, keys: keys)
    if order == 0 { order = Self.comparePaths(a, b) }
    return isReversed ? -order : order
  }

  /// Whether `--group-directories-first` puts `row` in the first group: a
  /// directory, or a link to one.
  static func isDirectoryLike(_ row: FileRow) -> Bool {
    Entry.isDirectoryLike(kind: row.kind, targetMode: row.targetMode)
  }

  /// The byte-wise order of two rows' paths, without joining their parts.
  static func comparePaths(_ a: FileRow, _ b: FileRow) -> Int {
    a.location.pathPrefix.withUnsafeBufferPointer { prefixA in
      b.location.pathPrefix.withUnsafeBufferPointer { prefixB in
        a.listing.storage.withName(of: a.entry) { nameA in
          b.listing.storage.withName(of: b.entry) { nameB in
            ByteRuns.compare(
              ByteRuns(first: prefixA, second: nameA), ByteRuns(first: prefixB, second: nameB))
          }
        }
      }
    }
  }
}

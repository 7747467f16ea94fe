extension FileRow {
  /// The row on its own: a listing of this one entry, at the same location.
  ///
  /// The copy keeps the entry's details, link target, security context,
  /// entry count and totals. A row keeps its whole directory's listing
  /// alive; `--limit` keeps a few rows of many directories, and holds only
  /// these copies, and the totals of a walk add a directory's to its copy.
  ///
  /// - Parameters:
  ///   - isShown: Whether the row passed the row filter already.
  ///   - totals: The subtree totals to give the copy, if not its own.
  /// - Returns: The copy, the one row of its own listing.
  /// - Throws: ``MemoryExhausted`` when there is no room for the copy.
  func detached(
    isShown: Bool, treeTotals totals: TreeTotals? = nil
  ) throws(MemoryExhausted) -> FileRow {
    var list = EntryList()
    let index = UInt32(0)
    try list.append(name: Array(name), kind: kind)
    list.entries[0].isDirectoryLike = entry.isDirectoryLike
    if let details {
      list.details = [details]
    }
    if let symlinkTarget { list.symlinkTargets[index] = symlinkTarget }
    if let securityContext { list.securityContexts[index] = securityContext }
    if let entryCount { list.entryCounts[index] = entryCount }
    if let totals = totals ?? treeTotals { list.treeTotals[index] = totals }
    let copy = Listing(
      list, at: location, directory: listing.directory, returnsStorage: false,
      isFiltered: isShown)
    return FileRow(listing: copy, position: 0)
  }
}

extension FileRow {
  /// The row on its own: a listing of this one entry, with its details,
  /// link target, security context and entry count, at the same location,
  /// and `treeTotals` when given (else its own, if any). `isShown` says
  /// whether it passed the row filter already.
  ///
  /// A row keeps its whole directory's listing alive; `--limit` keeps a
  /// few rows of many directories, and holds only these copies.
  ///
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

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
    let parts = DetachedParts(
      kind: kind, isDirectoryLike: entry.isDirectoryLike, details: details,
      symlinkTarget: symlinkTarget, securityContext: securityContext, entryCount: entryCount,
      treeTotals: totals ?? treeTotals, location: location, directory: listing.directory)
    return try name.withUnsafeBufferPointer { name throws(MemoryExhausted) in
      try parts.row(named: name, isShown: isShown)
    }
  }
}

/// What a row on its own keeps besides its name: everything its cells and
/// fields read.
struct DetachedParts {
  var kind: FileKind
  var isDirectoryLike: Bool
  var details: EntryDetails?
  var symlinkTarget: [UInt8]?
  var securityContext: [UInt8]?
  var entryCount: Int?
  var treeTotals: TreeTotals?
  var location: RowLocation
  var directory: DirectoryID

  /// The row `name` with these parts, the one row of its own listing.
  ///
  /// - Throws: ``MemoryExhausted`` when there is no room for it.
  func row(named name: UnsafeBufferPointer<UInt8>, isShown: Bool) throws(MemoryExhausted)
    -> FileRow
  {
    var list = EntryList()
    let index = UInt32(0)
    try list.append(name: name, kind: kind)
    list.entries[0].isDirectoryLike = isDirectoryLike
    if let details { list.details = [details] }
    if let symlinkTarget { list.symlinkTargets[index] = symlinkTarget }
    if let securityContext { list.securityContexts[index] = securityContext }
    if let entryCount { list.entryCounts[index] = entryCount }
    if let treeTotals { list.treeTotals[index] = treeTotals }
    let listing = Listing(
      list, at: location, directory: directory, returnsStorage: false, isFiltered: isShown)
    return FileRow(listing: listing, position: 0)
  }
}

extension EntryList {
  /// Removes the entries `shouldRemove` picks, keeping the others' order,
  /// details, symlink targets and contexts.
  ///
  /// The names stay in the name bytes; only the entries point at them.
  mutating func removeEntries(
    where shouldRemove: (Entry, ArraySlice<UInt8>) -> Bool
  ) {
    let removed = entries.indices.filter { shouldRemove(entries[$0], name(of: entries[$0])) }
    guard !removed.isEmpty else { return }
    let gone = Set(removed)
    var keptEntries: [Entry] = []
    var keptDetails: [EntryDetails] = []
    var keptTargets: [UInt32: [UInt8]] = [:]
    var keptContexts: [UInt32: [UInt8]] = [:]
    var keptCounts: [UInt32: Int] = [:]
    keptEntries.reserveCapacity(entries.count - removed.count)
    for position in entries.indices where !gone.contains(position) {
      var entry = entries[position]
      let newIndex = UInt32(keptEntries.count)
      if !details.isEmpty { keptDetails.append(details[Int(entry.index)]) }
      if let target = symlinkTargets[entry.index] { keptTargets[newIndex] = target }
      if let context = securityContexts[entry.index] { keptContexts[newIndex] = context }
      if let count = entryCounts[entry.index] { keptCounts[newIndex] = count }
      entry.index = newIndex
      keptEntries.append(entry)
    }
    entries = keptEntries
    details = keptDetails
    symlinkTargets = keptTargets
    securityContexts = keptContexts
    entryCounts = keptCounts
  }
}

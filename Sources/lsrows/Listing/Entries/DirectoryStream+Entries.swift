extension DirectoryStream {
  /// Reads entries into `list` until `limit` have been added or the
  /// directory ends, keeping only the dot entries `hidden` asks for.
  ///
  /// - Returns: `true` when the end of the directory was reached.
  /// - Throws: The error `getdents64` reported (entries read before it stay
  ///   in `list`); `ENOMEM` when memory ran out, `EOVERFLOW` when the names
  ///   outgrew a list.
  func read(
    into list: inout EntryList, limit: Int = .max, keeping hidden: HiddenEntries
  ) throws(Errno) -> Bool {
    guard limit > 0 else { return false }
    var added = 0
    var failure: Errno?
    let ended = try forEachRecord { record in
      let name = record.name
      if name.first == UInt8(ascii: "."), !hidden.keeps(name) { return true }
      do {
        guard
          try list.append(
            name: name, kind: FileKind(directoryEntryType: record.type))
        else {
          failure = .valueOverflow
          return false
        }
      } catch {
        // The callers turn this into "memory exhausted", which ends lsrows.
        failure = .outOfMemory
        return false
      }
      added += 1
      return added < limit
    }
    if let failure { throw failure }
    return ended
  }
}

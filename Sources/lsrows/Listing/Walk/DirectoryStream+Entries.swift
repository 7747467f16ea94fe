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
    var ended = false
    PendingEntries.withPending { batch in
      func flush() -> Bool {
        do throws(MemoryExhausted) {
          try batch.flush(into: &list)
          return true
        } catch {
          // The callers turn this into "memory exhausted", which ends lsrows.
          failure = .outOfMemory
          return false
        }
      }
      do throws(Errno) {
        ended = try forEachRecord { record in
          let name = record.name
          if name.first == UInt8(ascii: "."), !hidden.keeps(name) { return true }
          guard list.hasRoom(forNameBytes: batch.nameBytes + name.count + 1) else {
            failure = .valueOverflow
            return false
          }
          if !batch.hasRoom(for: name) {
            guard flush() else { return false }
          }
          batch.add(name: name, kind: FileKind(directoryEntryType: record.type))
          added += 1
          return added < limit
        }
      } catch {
        // Entries read before the error stay in the list.
        failure = failure ?? error
      }
      _ = flush()
    }
    if let failure { throw failure }
    return ended
  }
}

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
    // Entries and names gather on the stack and go into the list a batch
    // at a time (``EntryList/append(_:names:)``). Both buffers stay within
    // the size Swift allocates on the stack without asking how deep it is.
    let batchBytes = 1024
    let batchCapacity = batchBytes / MemoryLayout<Entry>.stride
    var added = 0
    var failure: Errno?
    var ended = false
    withUnsafeTemporaryAllocation(of: Entry.self, capacity: batchCapacity) { batch in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: batchBytes) { names in
        var count = 0
        var bytes = 0
        func flush() -> Bool {
          defer { (count, bytes) = (0, 0) }
          do throws(MemoryExhausted) {
            try list.append(
              UnsafeMutableBufferPointer(rebasing: batch[..<count]),
              names: UnsafeBufferPointer(rebasing: names[..<bytes]))
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
            let length = name.count + 1
            guard list.names.count + bytes + length <= EntryList.nameCapacity else {
              failure = .valueOverflow
              return false
            }
            if count == batch.count || bytes + length > names.count {
              guard flush() else { return false }
            }
            (names.baseAddress! + bytes).initialize(from: name.baseAddress!, count: name.count)
            names[bytes + name.count] = 0
            (batch.baseAddress! + count).initialize(
              to: Entry(
                namePrefix: Entry.prefix(of: name), nameOffset: UInt32(bytes),
                nameLength: UInt32(name.count), index: UInt32(count),
                kind: FileKind(directoryEntryType: record.type)))
            count += 1
            bytes += length
            added += 1
            return added < limit
          }
        } catch {
          // Entries read before the error stay in the list.
          failure = failure ?? error
        }
        if count > 0 { _ = flush() }
      }
    }
    if let failure { throw failure }
    return ended
  }
}

extension DirectoryStream {
  /// Reads entries into `list` until `limit` have been added or the
  /// directory ends, keeping only the dot entries `hidden` asks for.
  ///
  /// - Parameters:
  ///   - list: Where the entries go.
  ///   - limit: The most entries to add.
  ///   - hidden: Which dot entries are kept.
  ///   - seen: Counts every entry read, kept or not, `.` and `..` aside
  ///     (the `entries` field).
  /// - Returns: `true` when the end of the directory was reached.
  /// - Throws: The error `getdents64` reported (entries read before it stay
  ///   in `list`); `ENOMEM` when memory ran out, `EOVERFLOW` when the names
  ///   outgrew a list.
  func read(
    into list: inout EntryList, limit: Int = .max, keeping hidden: HiddenEntries,
    seen: inout Int
  ) throws(Errno) -> Bool {
    var gitNames = GitNamesSeen()
    return try read(into: &list, limit: limit, keeping: hidden, seen: &seen, gitNames: &gitNames)
  }

  /// Reads as ``read(into:limit:keeping:seen:)`` does, and notes in
  /// `gitNames` whether a `.gitignore` or a `.git` went by, kept or not.
  func read(
    into list: inout EntryList, limit: Int = .max, keeping hidden: HiddenEntries,
    seen: inout Int, gitNames: inout GitNamesSeen
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
          if name.first == UInt8(ascii: ".") {
            if !Self.isDotOrDotDot(name) { seen += 1 }
            gitNames.note(name)
            if !hidden.keeps(name) { return true }
          } else {
            seen += 1
          }
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

  /// How many entries the directory holds, `.` and `..` aside: what is
  /// left of it, read to its end.
  func countEntries() throws(Errno) -> Int {
    var count = 0
    _ = try forEachRecord { record in
      let name = record.name
      if name.first != UInt8(ascii: ".") || !Self.isDotOrDotDot(name) { count += 1 }
      return true
    }
    return count
  }

  /// Whether `name` is `.` or `..`.
  static func isDotOrDotDot(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    name.count == 1 || (name.count == 2 && name[1] == UInt8(ascii: "."))
  }
}

/// Whether a directory read held a `.gitignore` and a `.git`, which
/// `--gitignore` would otherwise look for with a system call each.
struct GitNamesSeen {
  var ignoreFile = false
  var gitDirectory = false

  mutating func note(_ name: UnsafeBufferPointer<UInt8>) {
    if name.count == 10 && name.elementsEqual(".gitignore".utf8) { ignoreFile = true }
    if name.count == 4 && name.elementsEqual(".git".utf8) { gitDirectory = true }
  }
}

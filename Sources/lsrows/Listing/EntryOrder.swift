/// The order rows are listed in: a sort key, possibly reversed.
struct EntryOrder: Sendable {
  var key: SortKey
  var isReversed: Bool

  init(key: SortKey, isReversed: Bool) {
    self.key = key
    self.isReversed = isReversed
  }

  init(_ options: Options) {
    self.init(key: options.sortKey, isReversed: options.reversesOrder)
  }

  /// Whether entries are kept in the order they were read, so they can be
  /// written as they are read.
  var keepsReadOrder: Bool {
    key == .none
  }

  /// Sorts the entries of `list`.
  ///
  /// With ``SortKey/none`` the read order stays, and so does `-r`'s absence
  /// of effect, as in ls.
  func sort(_ list: inout EntryList) {
    guard key != .none else { return }
    sortEntries(&list)
    if list.count > Self.arrangingThreshold {
      list.arrangeNamesInEntryOrder()
    }
  }

  /// Above this many entries the names no longer fit in the cache, and
  /// rearranging them after the sort pays for itself.
  static let arrangingThreshold = 16_384

  private func sortEntries(_ list: inout EntryList) {
    let reversed = isReversed
    let names = list.names
    names.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      list.entries.withUnsafeMutableBufferPointer { entries in
        introsort(entries) { a, b in
          let order = compareNames(a, b, base)
          return reversed ? order > 0 : order < 0
        }
      }
    }
  }
}

/// Compares the names of two entries of one list, byte-wise.
@inline(__always)
func compareNames(_ a: Entry, _ b: Entry, _ names: UnsafePointer<UInt8>) -> Int32 {
  if a.namePrefix != b.namePrefix {
    return a.namePrefix < b.namePrefix ? -1 : 1
  }
  // Equal prefixes: the names agree on their first eight bytes (or are
  // equal and shorter), so only the rest needs comparing.
  let countA = Int(a.nameLength)
  let countB = Int(b.nameLength)
  guard countA > 8 || countB > 8 else { return 0 }
  return compareBytes(
    names + Int(a.nameOffset) + 8, count: max(countA - 8, 0),
    names + Int(b.nameOffset) + 8, count: max(countB - 8, 0))
}

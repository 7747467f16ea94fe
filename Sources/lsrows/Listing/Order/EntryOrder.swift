/// The order rows are listed in: a sort key, possibly reversed, possibly
/// with directories first.
///
/// Every key but the name breaks ties by name, so the order is total and
/// the same on every run, as in ls; `-r` reverses the whole comparison, but
/// not `--group-directories-first`.
struct EntryOrder: Sendable {
  var key: SortKey
  var isReversed: Bool
  var groupsDirectoriesFirst = false
  var timeField = TimeField.modification
  /// How wide names are shown, for ``SortKey/width``.
  var nameWidths: NameWidths?
  /// Whether rows read the entries' details once sorted, so that a large
  /// list's details are moved into row order with its names; `false` when
  /// only the comparison reads them (`-S`, `-t` writing names alone).
  var rowsReadDetails = true

  init(key: SortKey, isReversed: Bool) {
    self.key = key
    self.isReversed = isReversed
  }

  /// Whether entries are kept in the order they were read, so they can be
  /// written as they are read.
  var keepsReadOrder: Bool {
    key == .none
  }

  /// Above this many entries the names no longer fit in the cache, and
  /// rearranging them after the sort pays for itself.
  static let arrangingThreshold = 16_384

  /// Above this many entries a run of tied values is sorted by the radix
  /// name sort: the first pass has scattered the run's names through the
  /// name bytes, so each comparison misses the cache, and the radix sort
  /// reads each name once. (Names in read order favour comparisons for
  /// longer: ``NameSort/threshold``.)
  static let radixRunThreshold = 1024

  /// Sorts the entries of `list`, whose rows are at `location` (fields
  /// such as `path` and `depth` depend on it).
  ///
  /// With ``SortKey/none`` the read order stays, and so do `-r` and
  /// `--group-directories-first` have no effect, as in ls.
  ///
  /// `arrangesNames: false` leaves a large list's names where they were
  /// read, for a caller that copies them in order itself (a chunk of a
  /// merge).
  func sort(
    _ list: inout EntryList, at location: RowLocation = .operands, arrangesNames: Bool = true
  ) {
    let arranges = arrangesNames && list.count > Self.arrangingThreshold
    guard key != .none, list.count > 1 else { return }
    // The radix sort needs 48 bytes a name beside the list; with details
    // read (-l, --format with metadata) the stat calls take far longer
    // than any sort, and the in-place sort keeps the peak lower.
    if key == .name && !groupsDirectoriesFirst && list.count >= NameSort.threshold,
      list.details.isEmpty, NameSort.sort(&list, reversed: isReversed)
    {
      if arranges { list.arrangeInEntryOrder(includingDetails: rowsReadDetails) }
      return
    }
    prepareSortValues(&list)
    var fieldKeys: FieldSortKeys?
    if case .fields(let keys) = key {
      fieldKeys = FieldSortKeys(keys, of: list, at: location)
    }
    sortByKey(&list, fieldKeys: fieldKeys)
    if arranges { list.arrangeInEntryOrder(includingDetails: rowsReadDetails) }
  }

  /// Sorts `list` by the key, the name breaking ties.
  ///
  /// Each key gets its own specialized sort, so the common name sort
  /// compiles down to integer and memcmp comparisons.
  private func sortByKey(_ list: inout EntryList, fieldKeys: FieldSortKeys?) {
    let names = list.names
    let details = list.details
    names.withUnsafeBufferPointer { buffer in
      let names = buffer.baseAddress!
      func name(_ entry: Entry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: names + Int(entry.nameOffset), count: Int(entry.nameLength))
      }
      switch key {
      case .name, .none:
        guard isReversed || groupsDirectoriesFirst else {
          // The common case, with the comparison written out so that it
          // inlines into the sort: most comparisons are one integer compare.
          list.entries.withUnsafeMutableBufferPointer { entries in
            HalvesSort.sort(entries) { a, b in
              if a.namePrefix != b.namePrefix { return a.namePrefix < b.namePrefix }
              return compareNames(a, b, names) < 0
            }
          }
          break
        }
        sortEntries(&list.entries) { a, b in Int(compareNames(a, b, names)) }
      case .size:
        sortByValue(&list.entries, names: names, descending: true) { a, b in
          if a.sortValue != b.sortValue { return a.sortValue > b.sortValue ? -1 : 1 }
          return Int(compareNames(a, b, names))
        }
      case .width:
        sortByValue(&list.entries, names: names, descending: false) { a, b in
          if a.sortValue != b.sortValue { return a.sortValue < b.sortValue ? -1 : 1 }
          return Int(compareNames(a, b, names))
        }
      case .time:
        // A local, so that the comparison captures no copy of the order:
        // the sort hands what its comparison captures down every level
        // of its recursion, a retain and a release of each of the order's
        // references at each.
        let timeField = timeField
        // Equal saturated values (times too far from 1970 for 64 bits of
        // nanoseconds) compare the exact times, newest first.
        func exactTimeOrder(_ a: Entry, _ b: Entry) -> Int {
          let timeA = details[Int(a.index)].status?.sortingTime(timeField)
          let timeB = details[Int(b.index)].status?.sortingTime(timeField)
          guard let timeA, let timeB, timeA != timeB else { return 0 }
          return timeA > timeB ? -1 : 1
        }
        sortByValue(&list.entries, names: names, descending: true) { a, b in
          if a.sortValue != b.sortValue { return a.sortValue > b.sortValue ? -1 : 1 }
          if a.sortValue == .max || a.sortValue == .min {
            let order = exactTimeOrder(a, b)
            if order != 0 { return order }
          }
          return Int(compareNames(a, b, names))
        }
      case .extension:
        sortEntries(&list.entries) { a, b in
          let order = compareExtensions(name(a), name(b))
          return order != 0 ? order : Int(compareNames(a, b, names))
        }
      case .version:
        sortEntries(&list.entries) { a, b in
          let order = compareVersions(name(a), name(b))
          return order != 0 ? order : Int(compareNames(a, b, names))
        }
      case .fields:
        guard let fieldKeys else { return }
        sortEntries(&list.entries) { a, b in
          let order = fieldKeys.compare(a.index, b.index)
          return order != 0 ? order : Int(compareNames(a, b, names))
        }
      }
    }
  }

  /// Sorts by `compare` (negative when `a` comes first), applying `-r` and
  /// `--group-directories-first` around it.
  @inline(__always)
  private func sortEntries(_ entries: inout [Entry], by compare: (Entry, Entry) -> Int) {
    let reversed = isReversed
    let directoriesFirst = groupsDirectoriesFirst
    guard reversed || directoriesFirst else {
      // Without either, the comparison is all there is: handed to the sort
      // alone, it is called directly rather than through a second closure.
      entries.withUnsafeMutableBufferPointer { entries in
        HalvesSort.sort(entries) { a, b in compare(a, b) < 0 }
      }
      return
    }
    entries.withUnsafeMutableBufferPointer { entries in
      HalvesSort.sort(entries) { a, b in
        if directoriesFirst && a.isDirectoryLike != b.isDirectoryLike {
          return a.isDirectoryLike
        }
        let order = compare(a, b)
        return reversed ? order > 0 : order < 0
      }
    }
  }

  /// Sorts by ``Entry/sortValue`` (largest first when `descending`), then
  /// by name, as `compare` orders them, in two passes.
  ///
  /// The first pass compares integers only: the value, then the name's
  /// first eight bytes. Only entries equal in both are left in no order,
  /// and the second pass sorts each such run by `compare`, or by the radix
  /// name sort when it is long. Where many values tie (a million empty
  /// files by size, times of a file system that keeps whole seconds), the
  /// names are then compared once in a sort of their own, not in every
  /// comparison of the large sort, each a cache miss on two names.
  private func sortByValue(
    _ entries: inout [Entry], names: UnsafePointer<UInt8>, descending: Bool,
    by compare: (Entry, Entry) -> Int
  ) {
    sortEntries(&entries) { a, b in
      if a.sortValue != b.sortValue { return (a.sortValue > b.sortValue) == descending ? -1 : 1 }
      if a.namePrefix != b.namePrefix { return a.namePrefix < b.namePrefix ? -1 : 1 }
      return 0
    }
    let reversed = isReversed
    let grouped = groupsDirectoriesFirst
    entries.withUnsafeMutableBufferPointer { entries in
      var start = 0
      while start < entries.count {
        let first = entries[start]
        // Saturated times (too far from 1970 for 64 bits of nanoseconds)
        // may differ in their exact values, which only `compare` reads: a
        // saturated value's run is all its entries, whatever their names.
        let namesDecide = first.sortValue != .max && first.sortValue != .min
        var end = start + 1
        while end < entries.count && entries[end].sortValue == first.sortValue
          && (entries[end].namePrefix == first.namePrefix || !namesDecide)
          && (entries[end].isDirectoryLike == first.isDirectoryLike || !grouped)
        {
          end += 1
        }
        if end - start > 1 {
          let run = UnsafeMutableBufferPointer(rebasing: entries[start..<end])
          if !(namesDecide && run.count >= Self.radixRunThreshold
            && NameSort.sort(run, names: names, reversed: reversed))
          {
            introsort(run) { a, b in
              let order = compare(a, b)
              return reversed ? order > 0 : order < 0
            }
          }
        }
        start = end
      }
    }
  }

  /// Copies what the comparison reads into the entries themselves, so that
  /// sorting touches one array.
  private func prepareSortValues(_ list: inout EntryList) {
    // The name, extension, version and field keys read names or fields
    // as they compare; only these need a value stored per entry.
    guard groupsDirectoriesFirst || key == .size || key == .time || key == .width else { return }
    let details = list.details
    for position in list.entries.indices {
      let entry = list.entries[position]
      let detail = details.isEmpty ? nil : details[Int(entry.index)]
      if groupsDirectoriesFirst {
        list.entries[position].isDirectoryLike = Entry.isDirectoryLike(
          kind: entry.kind, targetMode: detail?.targetMode)
      }
      switch key {
      case .size: list.entries[position].sortValue = detail?.status?.size ?? 0
      case .time:
        list.entries[position].sortValue =
          detail?.status?.sortingTime(timeField).saturatedNanoseconds ?? 0
      case .name, .none, .extension, .version, .fields, .width: break
      }
    }
    if key == .width, let nameWidths { prepareWidths(&list, nameWidths) }
  }

  /// Stores each name's shown width as its sort value.
  private func prepareWidths(_ list: inout EntryList, _ widths: NameWidths) {
    var quoted = [Bool](repeating: false, count: list.count)
    let names = list.names
    names.withUnsafeBufferPointer { names in
      for position in list.entries.indices {
        let entry = list.entries[position]
        let name = UnsafeBufferPointer(
          rebasing: names[Int(entry.nameOffset)..<Int(entry.nameOffset) + Int(entry.nameLength)])
        let (width, isQuoted) = widths.measure(name)
        list.entries[position].sortValue = Int64(width)
        quoted[position] = isQuoted
      }
    }
    if widths.padsUnquoted && quoted.contains(true) {
      for position in list.entries.indices where !quoted[position] {
        list.entries[position].sortValue += 1
      }
    }
  }
}

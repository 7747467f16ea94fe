/// The values `--sort-by` compares within one list, read once per entry
/// before the sort (see ``SortValue`` for how they compare).
struct FieldSortKeys {
  private let keys: [SortField]
  /// The values of entry `index`'s keys at `index * keys.count`.
  private var values: [SortValue?] = []

  /// Reads the keys of every entry of `list`.
  init(_ keys: [SortField], of list: EntryList, at location: RowLocation) {
    self.keys = keys
    values.reserveCapacity(list.count * keys.count)
    let listing = Listing(list, at: location, returnsStorage: false)
    let reader = FieldReader(accounts: AccountNames())
    // Entry indexes are the order of adding; read the keys in that order.
    var byIndex = [Int](repeating: 0, count: list.count)
    for (position, entry) in list.entries.enumerated() { byIndex[Int(entry.index)] = position }
    for position in byIndex {
      SortValue.append(
        of: FileRow(listing: listing, position: position), keys: keys, reader: reader,
        to: &values)
    }
  }

  /// The order of two entries, by index, by the keys: negative when `a`
  /// comes first, zero when every key is equal (the name decides).
  func compare(_ a: UInt32, _ b: UInt32) -> Int {
    let baseA = Int(a) * keys.count
    let baseB = Int(b) * keys.count
    return SortValue.compare(
      values[baseA..<baseA + keys.count], values[baseB..<baseB + keys.count], keys: keys)
  }
}

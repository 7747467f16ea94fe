/// The values `--sort-by` compares, read once per entry before the sort.
///
/// Numbers compare as numbers, times in time order, text (and kinds and
/// modes, as their words) byte-wise, permissions as numbers. A value that
/// could not be read, or that the entry has no such thing for, sorts after
/// every value, in either direction.
struct FieldSortKeys {
  private enum Value {
    case number(Int128)
    case time(Timestamp)
    case text([UInt8])
  }

  private let keys: [SortField]
  /// The values of entry `index`'s keys at `index * keys.count`.
  private var values: [Value?] = []

  /// Reads the keys of every entry of `list`.
  init(_ keys: [SortField], of list: EntryList, at location: RowLocation) {
    self.keys = keys
    values = Array(repeating: nil, count: list.count * keys.count)
    let listing = Listing(list, at: location)
    let reader = FieldReader(accounts: AccountNames())
    for position in 0..<list.count {
      let fields = reader.fields(of: FileRow(listing: listing, position: position))
      let base = Int(list.entries[position].index) * keys.count
      for (offset, key) in keys.enumerated() {
        values[base + offset] = fields.value(key.field).flatMap(Self.sortValue)
      }
    }
  }

  private static func sortValue(_ value: FieldValue) -> Value? {
    switch value {
    case .signed(let number): .number(Int128(number))
    case .unsigned(let number): .number(Int128(number))
    case .time(let time): .time(time)
    case .text(let text): .text(text.bytes)
    case .kind(let kind): .text(Array(kind.word.utf8))
    case .mode(let mode):
      .text(
        {
          var string: [UInt8] = []
          appendModeString(mode, to: &string)
          return string
        }())
    case .permissions(let mode): .number(Int128(mode.permissions.rawValue))
    case .notApplicable: nil
    }
  }

  /// The order of two entries by the keys: negative when `a` comes first,
  /// zero when every key is equal (the name decides).
  func compare(_ a: UInt32, _ b: UInt32) -> Int {
    let baseA = Int(a) * keys.count
    let baseB = Int(b) * keys.count
    for (offset, key) in keys.enumerated() {
      switch (values[baseA + offset], values[baseB + offset]) {
      case (nil, nil): continue
      case (nil, _): return 1
      case (_, nil): return -1
      case (let x?, let y?):
        let order = Self.order(x, y)
        if order != 0 { return key.descending ? -order : order }
      }
    }
    return 0
  }

  private static func order(_ x: Value, _ y: Value) -> Int {
    switch (x, y) {
    case (.number(let a), .number(let b)): a < b ? -1 : (a == b ? 0 : 1)
    case (.time(let a), .time(let b)): a < b ? -1 : (a == b ? 0 : 1)
    case (.text(let a), .text(let b)):
      a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
    default: 0
    }
  }
}

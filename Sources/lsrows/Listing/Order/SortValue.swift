/// One field's value as `--sort-by` compares it.
///
/// Numbers compare as numbers, times in time order, text (and kinds and
/// modes, as their words) byte-wise, permissions as numbers.
enum SortValue {
  case number(Int128)
  case time(Timestamp)
  case text([UInt8])

  /// The sort value of a field's value; `nil` for a field the entry has no
  /// such thing for, which sorts after every value.
  init?(_ value: FieldValue) {
    switch value {
    case .signed(let number): self = .number(Int128(number))
    case .unsigned(let number): self = .number(Int128(number))
    case .time(let time): self = .time(time)
    case .text(let text): self = .text(text.bytes)
    case .kind(let kind): self = .text(Array(kind.word.utf8))
    case .mode(let mode):
      var string: [UInt8] = []
      appendModeString(mode, to: &string)
      self = .text(string)
    case .permissions(let mode): self = .number(Int128(mode.permissions.rawValue))
    case .notApplicable: return nil
    }
  }

  /// Appends the values of `keys` for `row` to `values`, in key order.
  static func append(
    of row: FileRow, keys: [SortField], reader: FieldReader, to values: inout [SortValue?]
  ) {
    let fields = reader.fields(of: row)
    for key in keys { values.append(fields.value(key.field).flatMap(SortValue.init)) }
  }

  /// The order of two rows' key values: negative when `a` comes first,
  /// zero when every key is equal.
  ///
  /// The values are those ``append(of:keys:reader:to:)`` reads. A missing
  /// value sorts after every value, in either direction.
  static func compare(
    _ a: ArraySlice<SortValue?>, _ b: ArraySlice<SortValue?>, keys: [SortField]
  ) -> Int {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in compare(a, b, keys: keys) }
    }
  }

  /// ``compare(_:_:keys:)`` on the values in place.
  static func compare(
    _ a: UnsafeBufferPointer<SortValue?>, _ b: UnsafeBufferPointer<SortValue?>,
    keys: [SortField]
  ) -> Int {
    for index in keys.indices {
      switch (a[index], b[index]) {
      case (nil, nil): continue
      case (nil, _): return 1
      case (_, nil): return -1
      case (let x?, let y?):
        let order = x.order(y)
        if order != 0 { return keys[index].descending ? -order : order }
      }
    }
    return 0
  }

  private func order(_ other: SortValue) -> Int {
    switch (self, other) {
    case (.number(let a), .number(let b)): a < b ? -1 : (a == b ? 0 : 1)
    case (.time(let a), .time(let b)): a < b ? -1 : (a == b ? 0 : 1)
    case (.text(let a), .text(let b)):
      a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
    default: 0
    }
  }
}

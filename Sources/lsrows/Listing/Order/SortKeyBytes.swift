/// A row's place in a ``TreeOrder`` as bytes that compare with `memcmp`,
/// so that rows written out to sorted runs merge without being read back
/// as rows.
///
/// Each part is prefix-free, so that inverting its bytes reverses its
/// order: `--group-directories-first` a byte; each key a byte for whether
/// the value is there (missing sorts last, in either direction) and then
/// the value (inverted when descending): a number as 16 bytes, big-endian
/// with the sign bit flipped, a time as 8 and 4 such bytes, text with each
/// NUL escaped and a NUL pair at its end; last the path, as text. `-r`
/// reverses the comparison of whole keys, as it reverses ``TreeOrder``'s.
enum SortKeyBytes {
  /// Appends the key of `row`, whose `--sort-by` values are `values`.
  static func append(
    _ row: FileRow, values: UnsafeBufferPointer<SortValue?>, order: TreeOrder,
    to key: inout [UInt8]
  ) {
    if order.groupsDirectoriesFirst { key.append(TreeOrder.isDirectoryLike(row) ? 0 : 1) }
    for (index, sortField) in order.keys.enumerated() {
      guard let value = values[index] else {
        key.append(2)
        continue
      }
      key.append(1)
      let start = key.count
      switch value {
      case .number(let number):
        appendBigEndian(UInt128(bitPattern: number) ^ (1 << 127), byteCount: 16, to: &key)
      case .time(let time):
        appendBigEndian(
          UInt128(UInt64(bitPattern: time.seconds) ^ (1 << 63)), byteCount: 8, to: &key)
        appendBigEndian(
          UInt128(UInt32(bitPattern: time.nanoseconds) ^ (1 << 31)), byteCount: 4, to: &key)
      case .text(let text): appendText(text, to: &key)
      }
      if sortField.descending {
        for position in start..<key.count { key[position] = ~key[position] }
      }
    }
    row.location.pathPrefix.withUnsafeBufferPointer { prefix in
      row.listing.storage.withName(of: row.entry) { name in
        appendText(ByteRuns(first: prefix, second: name), to: &key)
      }
    }
  }

  private static func appendBigEndian(_ value: UInt128, byteCount: Int, to key: inout [UInt8]) {
    for shift in stride(from: (byteCount - 1) * 8, through: 0, by: -8) {
      key.append(UInt8(truncatingIfNeeded: value >> UInt128(shift)))
    }
  }

  private static func appendText(_ text: some Sequence<UInt8>, to key: inout [UInt8]) {
    for byte in text {
      key.append(byte)
      if byte == 0 { key.append(0xFF) }
    }
    key.append(0)
    key.append(0)
  }
}

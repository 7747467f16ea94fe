/// A value of a `--where` comparison as written, read as text or as a glob.
///
/// In both, `\xHH` is the byte HH. As text, `\\`, `\'` and `\"` are a
/// backslash and quotes; as a glob, every other backslash is left for the
/// glob, where it makes the next byte literal (`'*\\*'` matches names with
/// a backslash, as find's `-name '*\\*'`), and `\xHH` is always literal.
struct QueryValue {
  /// The bytes between the quotes, escapes undone by neither reading.
  let raw: [UInt8]
  /// Where each raw byte is in the expression, then where the value ends.
  let offsets: [Int]

  /// Where byte `index` of a decoded value came from in the expression.
  struct Decoded {
    let bytes: [UInt8]
    let offsets: [Int]

    func offset(of index: Int) -> Int {
      offsets[min(max(index, 0), offsets.count - 1)]
    }
  }

  /// The value as text: the escapes decoded.
  var text: Decoded {
    decode { escaped in
      switch escaped {
      case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): [escaped]
      default: nil
      }
    } hexByte: {
      [$0]
    }
  }

  /// The value as a glob: only `\xHH` decoded, as an escaped literal byte.
  var glob: Decoded {
    decode { _ in
      nil
    } hexByte: {
      [UInt8(ascii: "\\"), $0]
    }
  }

  /// Decodes `\xHH` with `hexByte` and other `\c` with `escape` (`nil`
  /// keeps both bytes).
  private func decode(
    escape: (UInt8) -> [UInt8]?, hexByte: (UInt8) -> [UInt8]
  ) -> Decoded {
    var bytes: [UInt8] = []
    var sources: [Int] = []
    var index = 0
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
        bytes.append(byte)
        sources.append(offsets[index])
        index += 1
        continue
      }
      let escaped = raw[index + 1]
      if escaped == UInt8(ascii: "x"), index + 3 < raw.count,
        let high = QueryScanner.hexValue(raw[index + 2]),
        let low = QueryScanner.hexValue(raw[index + 3])
      {
        for decoded in hexByte(high << 4 | low) {
          bytes.append(decoded)
          sources.append(offsets[index])
        }
        index += 4
      } else if let decoded = escape(escaped) {
        bytes.append(contentsOf: decoded)
        sources.append(contentsOf: repeatElement(offsets[index], count: decoded.count))
        index += 2
      } else {
        bytes.append(contentsOf: [byte, escaped])
        sources.append(contentsOf: [offsets[index], offsets[index + 1]])
        index += 2
      }
    }
    return Decoded(bytes: bytes, offsets: sources + [offsets.last ?? 0])
  }
}

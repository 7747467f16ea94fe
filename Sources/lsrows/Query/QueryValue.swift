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

  /// The value as a regular expression: as written, but that `\xHH` is the
  /// byte HH (escaped where it would be special: `\x2e` is a dot, not any
  /// byte) and `\'` and `\"` are quotes.
  var regex: [UInt8] {
    var pattern: [UInt8] = []
    var index = 0
    var inBrackets = false
    var bracketStart = 0
    while index < raw.count {
      let byte = raw[index]
      if inBrackets {
        // Inside `[...]` a backslash is an ordinary byte; `]` ends the
        // expression unless it comes first, and `[:...:]` is a class.
        if byte == UInt8(ascii: "["), index + 1 < raw.count,
          [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(raw[index + 1]),
          let close = Self.closing(raw[index + 1], in: raw, from: index + 2)
        {
          pattern += raw[index..<close]
          index = close
          continue
        }
        if byte == UInt8(ascii: "\\"), let decoded = Self.hexByte(in: raw, at: index) {
          pattern.append(decoded)
          index += 4
          continue
        }
        if byte == UInt8(ascii: "]") && pattern.count > bracketStart { inBrackets = false }
        pattern.append(byte)
        index += 1
        continue
      }
      if byte == UInt8(ascii: "[") {
        inBrackets = true
        pattern.append(byte)
        index += 1
        if index < raw.count && raw[index] == UInt8(ascii: "^") {
          pattern.append(raw[index])
          index += 1
        }
        bracketStart = pattern.count
        continue
      }
      guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
        pattern.append(byte)
        index += 1
        continue
      }
      if let decoded = Self.hexByte(in: raw, at: index) {
        if Self.regexSpecial.contains(decoded) { pattern.append(UInt8(ascii: "\\")) }
        pattern.append(decoded)
        index += 4
      } else if raw[index + 1] == UInt8(ascii: "'") || raw[index + 1] == UInt8(ascii: "\"") {
        pattern.append(raw[index + 1])
        index += 2
      } else {
        pattern += raw[index...index + 1]
        index += 2
      }
    }
    return pattern
  }

  /// The bytes special in an extended regular expression outside brackets.
  private static let regexSpecial = Array(".[]()*+?{}|^$\\".utf8)

  /// The byte of `\xHH` at `index`, if that is what is there.
  private static func hexByte(in raw: [UInt8], at index: Int) -> UInt8? {
    guard index + 3 < raw.count, raw[index] == UInt8(ascii: "\\"),
      raw[index + 1] == UInt8(ascii: "x"), let high = QueryScanner.hexValue(raw[index + 2]),
      let low = QueryScanner.hexValue(raw[index + 3])
    else { return nil }
    return high << 4 | low
  }

  /// Where the `[:`, `[.` or `[=` expression whose delimiter is `mark`
  /// ends (after its `:]`), or `nil` when it does not.
  private static func closing(_ mark: UInt8, in raw: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + 1 < raw.count {
      if raw[index] == mark && raw[index + 1] == UInt8(ascii: "]") { return index + 2 }
      index += 1
    }
    return nil
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

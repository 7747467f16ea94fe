/// Reads the words of a `--where` expression: field names, operators,
/// keywords, and values, bare or quoted.
struct QueryScanner {
  let text: [UInt8]
  /// The byte offset of the next unread byte.
  private(set) var offset = 0

  init(_ text: [UInt8]) {
    self.text = text
  }

  var isAtEnd: Bool {
    offset >= text.count
  }

  var next: UInt8? {
    isAtEnd ? nil : text[offset]
  }

  mutating func skipSpace() {
    while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      offset += 1
    }
  }

  /// Takes `byte` if it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard next == byte else { return false }
    offset += 1
    return true
  }

  /// Takes the keyword `word` if it is next, as a whole word.
  mutating func takeKeyword(_ word: String) -> Bool {
    let bytes = Array(word.utf8)
    guard text[offset...].starts(with: bytes) else { return false }
    let end = offset + bytes.count
    guard end == text.count || !Self.isNameByte(text[end]) else { return false }
    offset = end
    return true
  }

  /// A run of lowercase letters, digits and `_`: a field name.
  mutating func name() -> [UInt8] {
    let start = offset
    while let byte = next, Self.isNameByte(byte) { offset += 1 }
    return Array(text[start..<offset])
  }

  /// The operator next, if any.
  mutating func comparisonOperator() -> ComparisonOperator? {
    for (spelling, op) in ComparisonOperator.spellings
    where text[offset...].starts(with: spelling.utf8) {
      offset += spelling.utf8.count
      return op
    }
    return nil
  }

  /// A value, quoted with `'` or `"`, or bare up to a space or a parenthesis.
  ///
  /// Its bytes as written, escapes and all (``QueryValue`` reads them as
  /// text or as a glob). A backslash keeps the next byte from ending the
  /// value.
  ///
  /// - Returns: The value, or `nil` when a quote is not closed.
  mutating func value() -> QueryValue? {
    var raw: [UInt8] = []
    var offsets: [Int] = []
    var quote: UInt8?
    if let byte = next, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
      quote = byte
      offset += 1
    }
    while let byte = next {
      if let quote, byte == quote {
        offset += 1
        return QueryValue(raw: raw, offsets: offsets + [offset - 1])
      }
      if quote == nil
        && (byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == UInt8(ascii: "(")
          || byte == UInt8(ascii: ")"))
      {
        break
      }
      raw.append(byte)
      offsets.append(offset)
      offset += 1
      if byte == UInt8(ascii: "\\"), let escaped = next {
        raw.append(escaped)
        offsets.append(offset)
        offset += 1
      }
    }
    return quote == nil ? QueryValue(raw: raw, offsets: offsets + [offset]) : nil
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

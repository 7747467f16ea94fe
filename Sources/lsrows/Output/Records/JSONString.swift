/// JSON strings of bytes: RFC 8259 escapes, and U+FFFD for bytes that are
/// not UTF-8 (JSON text must be UTF-8).
enum JSONString {
  /// Appends a JSON string of valid UTF-8 `text`: quotes, backslashes and
  /// control characters escaped.
  static func append(_ text: some Collection<UInt8>, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Most names need no escape: copy them whole.
    if !text.contains(where: needsEscape) {
      output.append(contentsOf: text)
      output.append(UInt8(ascii: "\""))
      return
    }
    for byte in text { appendEscaped(byte, to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends a JSON string of `bytes`, each byte that is not UTF-8 as U+FFFD.
  ///
  /// - Returns: Whether any byte had to be replaced.
  @discardableResult
  static func appendRepaired(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) -> Bool {
    if UTF8Text.isValid(bytes) {
      append(bytes, to: &output)
      return false
    }
    var repaired: [UInt8] = []
    UTF8Text.appendRepaired(bytes, to: &repaired)
    append(repaired, to: &output)
    return true
  }

  /// Appends a two-part text as a repaired JSON string, joining the parts
  /// only when they need escaping or repair.
  ///
  /// - Returns: Whether any byte had to be replaced.
  @discardableResult
  static func appendRepaired(_ text: FieldText, to output: inout [UInt8]) -> Bool {
    if !text.contains(where: { $0 >= 0x80 || needsEscape($0) }) {
      output.append(UInt8(ascii: "\""))
      text.append(to: &output)
      output.append(UInt8(ascii: "\""))
      return false
    }
    return appendRepaired(text.bytes, to: &output)
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
    let backslash = UInt8(ascii: "\\")
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: [backslash, UInt8(ascii: "\"")])
    case backslash: output.append(contentsOf: [backslash, backslash])
    case 0x0A: output.append(contentsOf: [backslash, UInt8(ascii: "n")])
    case 0x0D: output.append(contentsOf: [backslash, UInt8(ascii: "r")])
    case 0x09: output.append(contentsOf: [backslash, UInt8(ascii: "t")])
    case 0x00..<0x20, 0x7F:
      output.append(contentsOf: Array("\\u00".utf8))
      output.append(hexDigits[Int(byte >> 4)])
      output.append(hexDigits[Int(byte & 15)])
    default: output.append(byte)
    }
  }
}

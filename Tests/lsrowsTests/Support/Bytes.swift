/// The UTF-8 bytes of `text`, for writing byte strings in tests.
func bytes(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// Rows joined the way lsrows writes them: each followed by `terminator`.
func rowBytes(_ rows: [[UInt8]], terminator: UInt8 = 0x0A) -> [UInt8] {
  rows.flatMap { $0 + [terminator] }
}

/// Rows joined the way lsrows writes them: each followed by a newline.
func rowBytes(_ rows: [String]) -> [UInt8] {
  rowBytes(rows.map(bytes))
}

/// Splits output into rows at `terminator`, which must end the output.
func splitRows(_ output: [UInt8], terminator: UInt8 = 0x0A) -> [[UInt8]] {
  var rows = output.split(separator: terminator, omittingEmptySubsequences: false).map(Array.init)
  if rows.last == [] { rows.removeLast() }
  return rows
}

/// Bytes that print as escaped text in test failures, so that a mismatch in
/// a large output reads as lines rather than thousands of numbers.
struct Text: Equatable, CustomStringConvertible {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var description: String {
    var text = ""
    for byte in bytes {
      switch byte {
      case 0x0A: text += "\\n\n"
      case 0x00: text += "\\0"
      case 0x20..<0x7F where byte != UInt8(ascii: "\\"):
        text.unicodeScalars.append(Unicode.Scalar(byte))
      default: text += "\\x" + String(byte, radix: 16)
      }
    }
    return text
  }
}

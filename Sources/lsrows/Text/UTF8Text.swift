/// UTF-8 checks for names that must travel as text (JSON, CSV).
enum UTF8Text {
  /// The length of the valid UTF-8 sequence at `index`, or 0 if the byte
  /// there does not start one (RFC 3629: no overlongs, surrogates or
  /// values past U+10FFFF).
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let first = bytes[index]
    if first < 0x80 { return 1 }
    func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      index + offset < bytes.count && range.contains(bytes[index + offset])
    }
    switch first {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default:
      return 0
    }
  }

  /// Whether all of `bytes` is valid UTF-8.
  static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
    // ASCII, by far the most common, needs no copy.
    if !bytes.contains(where: { $0 >= 0x80 }) { return true }
    let array = Array(bytes)
    return array.withUnsafeBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        if buffer[index] < 0x80 {
          index += 1
          continue
        }
        let length = sequenceLength(buffer, at: index)
        if length == 0 { return false }
        index += length
      }
      return true
    }
  }

  /// Appends `bytes` with every byte that does not belong to a valid UTF-8
  /// sequence replaced by U+FFFD, one replacement per byte.
  static func appendRepaired(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) {
    let array = Array(bytes)
    array.withUnsafeBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        let length = sequenceLength(buffer, at: index)
        if length == 0 {
          output.append(contentsOf: [0xEF, 0xBF, 0xBD])
          index += 1
        } else {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<index + length]))
          index += length
        }
      }
    }
  }
}

extension UTF8Text {
  /// Whether both parts of `text`, joined, are valid UTF-8.
  static func isValid(_ text: FieldText) -> Bool {
    if !text.contains(where: { $0 >= 0x80 }) { return true }
    return isValid(text.bytes)
  }
}

/// Reads fixed-width numbers, runs of digits and punctuation from a literal,
/// never trapping: every value it returns fits its type.
struct DigitReader {
  let text: [UInt8]
  private(set) var offset = 0

  init(_ text: [UInt8]) {
    self.text = text
  }

  var isAtEnd: Bool {
    offset == text.count
  }

  /// Whether the next byte is a digit.
  var peekDigit: Bool {
    offset < text.count && Self.isDigit(text[offset])
  }

  /// Exactly `digits` digits (at most 18), or `nil` without moving.
  mutating func number(digits: Int) -> Int? {
    guard digits <= 18, offset + digits <= text.count else { return nil }
    var value = 0
    for byte in text[offset..<offset + digits] {
      guard Self.isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    offset += digits
    return value
  }

  /// One or more digits: `.some(nil)` when they do not fit in `Int64`,
  /// `nil` when there is no digit.
  mutating func wholeNumber() -> Int64?? {
    guard peekDigit else { return nil }
    var value: Int64? = 0
    while peekDigit {
      let digit = Int64(text[offset] - 0x30)
      if let current = value,
        case (let scaled, false) = current.multipliedReportingOverflow(by: 10),
        case (let sum, false) = scaled.addingReportingOverflow(digit)
      {
        value = sum
      } else {
        value = nil
      }
      offset += 1
    }
    return .some(value)
  }

  /// One or more digits of a fraction of a second, as nanoseconds: the
  /// first nine count and the rest are dropped, as GNU date drops them.
  mutating func nanoseconds() -> Int32? {
    guard peekDigit else { return nil }
    var value: Int32 = 0
    var count = 0
    while peekDigit {
      if count < 9 { value = value * 10 + Int32(text[offset] - 0x30) }
      count += 1
      offset += 1
    }
    for _ in min(count, 9)..<9 { value *= 10 }
    return value
  }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard offset < text.count, text[offset] == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  /// `+` or `-`, as 1 or -1.
  mutating func sign() -> Int? {
    if skip("+") { return 1 }
    if skip("-") { return -1 }
    return nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}

/// A whole number with an optional unit suffix, as gnulib's `xstrtoumax`
/// reads one: C notation (`010` octal, `0x10` hex), then a unit letter
/// from the allowed set, optionally followed by `B` or `D` (powers of
/// 1000) or `iB` (1024).
enum ScaledNumber {
  /// The value, how many digits were read, and the suffix bytes.
  static func parse(
    _ text: ArraySlice<UInt8>, suffixes allowed: String
  ) -> Result<(UInt64, digits: Int, suffix: ArraySlice<UInt8>), BlockSize.ParseError> {
    var index = text.startIndex
    while index < text.endIndex, text[index] == 0x20 || (0x09...0x0D).contains(text[index]) {
      index += 1
    }
    if index < text.endIndex && text[index] == UInt8(ascii: "-") { return .failure(.invalid) }
    if index < text.endIndex && text[index] == UInt8(ascii: "+") { index += 1 }
    var radix: UInt64 = 10
    if index + 1 < text.endIndex, text[index] == UInt8(ascii: "0"),
      text[index + 1] | 0x20 == UInt8(ascii: "x"), index + 2 < text.endIndex,
      hexDigit(text[index + 2]) != nil
    {
      radix = 16
      index += 2
    } else if index < text.endIndex && text[index] == UInt8(ascii: "0") {
      radix = 8
    }
    var value: UInt64 = 0
    var digits = 0
    var overflow = false
    while index < text.endIndex, let digit = hexDigit(text[index]), UInt64(digit) < radix {
      let (scaled, o1) = value.multipliedReportingOverflow(by: radix)
      let (sum, o2) = scaled.addingReportingOverflow(UInt64(digit))
      overflow = overflow || o1 || o2
      value = sum
      digits += 1
      index += 1
    }
    let allowedBytes = Array(allowed.utf8)
    if digits == 0 {
      guard index < text.endIndex, allowedBytes.contains(text[index]) else {
        return .failure(.invalid)
      }
      value = 1
    }
    let suffixStart = index
    guard index < text.endIndex else {
      return overflow ? .failure(.tooLarge) : .success((value, digits, text[suffixStart...]))
    }
    guard allowedBytes.contains(text[index]) else { return .failure(.invalidSuffix) }
    let letter = text[index]
    var base: UInt64 = 1024
    var length = 1
    if allowedBytes.contains(UInt8(ascii: "0")), index + 1 < text.endIndex {
      if text[index + 1] == UInt8(ascii: "i"), index + 2 < text.endIndex,
        text[index + 2] == UInt8(ascii: "B")
      {
        length = 3
      } else if text[index + 1] == UInt8(ascii: "B") || text[index + 1] == UInt8(ascii: "D") {
        base = 1000
        length = 2
      }
    }
    let powers: [UInt8: Int] = [
      UInt8(ascii: "k"): 1, UInt8(ascii: "K"): 1, UInt8(ascii: "M"): 2, UInt8(ascii: "m"): 2,
      UInt8(ascii: "G"): 3, UInt8(ascii: "g"): 3, UInt8(ascii: "T"): 4, UInt8(ascii: "t"): 4,
      UInt8(ascii: "P"): 5, UInt8(ascii: "E"): 6, UInt8(ascii: "Z"): 7, UInt8(ascii: "Y"): 8,
    ]
    guard let power = powers[letter] else { return .failure(.invalidSuffix) }
    for _ in 0..<power {
      let (scaled, o) = value.multipliedReportingOverflow(by: base)
      overflow = overflow || o
      value = o ? .max : scaled
    }
    index += length
    guard index == text.endIndex else { return .failure(.invalidSuffix) }
    return overflow ? .failure(.tooLarge) : .success((value, digits, text[suffixStart..<index]))
  }

  private static func hexDigit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}

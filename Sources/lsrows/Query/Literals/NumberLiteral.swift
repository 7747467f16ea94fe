/// A whole number as `--where` writes it.
///
/// Digits, an optional fraction, and an optional unit: `K M G T P E` (and
/// `KiB`...) are powers of 1024, `KB MB GB TB PB EB` powers of 1000;
/// `1.5M` is 1,572,864. A fraction of a unit is rounded down to a whole
/// number, using its first 18 digits.
///
/// Every number field holds at most 64 bits, so a value beyond 2^65 is
/// saturated: `size > 10^40` matches nothing and `size < 10^40` every
/// file, exactly as the unsaturated value would.
enum NumberLiteral {
  static let expected =
    "a number with an optional unit: 1024, 10K, 1.5M, 2GB "
    + "(K M G T: powers of 1024; KB MB GB TB: powers of 1000)"

  /// The largest magnitude kept: above every 64-bit value, and small
  /// enough that no product below reaches `Int128.max`.
  static let saturation: Int128 = 1 << 65

  /// The value of `text`, or why it is none.
  static func parse(_ text: [UInt8]) -> Result<Int128, LiteralError> {
    var index = 0
    var negative = false
    if index < text.count && (text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+"))
    {
      negative = text[index] == UInt8(ascii: "-")
      index += 1
    }
    var whole: Int128 = 0
    var digits = 0
    while index < text.count, let digit = Self.digit(text[index]) {
      whole = min(whole * 10 + Int128(digit), saturation)
      digits += 1
      index += 1
    }
    var fraction: Int128 = 0
    var fractionScale: Int128 = 1
    if index < text.count && text[index] == UInt8(ascii: ".") {
      index += 1
      while index < text.count, let digit = Self.digit(text[index]) {
        if fractionScale < 1_000_000_000_000_000_000 {
          fraction = fraction * 10 + Int128(digit)
          fractionScale *= 10
        }
        digits += 1
        index += 1
      }
    }
    guard digits > 0 else { return .failure(LiteralError("not a number", 0)) }
    let unitText = String(decoding: text[index...], as: UTF8.self)
    guard let unit = units[unitText.lowercased()] else {
      return .failure(LiteralError("unknown unit '\(unitText)'", index))
    }
    // whole <= 2^65 and unit <= 2^60, fraction < 2^60 and unit <= 2^60:
    // neither product nor their sum reaches Int128.max (2^127).
    let value = min(whole * unit + fraction * unit / fractionScale, saturation)
    return .success(negative ? -value : value)
  }

  private static let units: [String: Int128] = {
    var units: [String: Int128] = ["": 1, "b": 1]
    for (power, letter) in ["k", "m", "g", "t", "p", "e"].enumerated() {
      var binary: Int128 = 1
      var decimal: Int128 = 1
      for _ in 0...power {
        binary *= 1024
        decimal *= 1000
      }
      units[letter] = binary
      units[letter + "ib"] = binary
      units[letter + "b"] = decimal
    }
    return units
  }()

  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }
}

/// Why a literal is not a value of its field's type, and where in it.
struct LiteralError: Error, Equatable {
  let problem: String
  let offset: Int

  init(_ problem: String, _ offset: Int) {
    self.problem = problem
    self.offset = offset
  }
}

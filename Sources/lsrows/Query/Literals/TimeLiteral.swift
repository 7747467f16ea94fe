import Glibc

/// A point in time as `--where` writes it: a date (local midnight), a local
/// date and time, RFC 3339 with `Z` or an offset, `@SECONDS`, or an age
/// before now (`-7d`, `-36h`, `-15m`, `-90s`, `-2w`).
enum TimeLiteral {
  static let expected =
    "a time: 2026-11-30, 2026-11-30T12:00[:SS[.NNN]] (local, or with Z or +01:00), "
    + "@SECONDS, or an age before now: -90s -15m -36h -7d -2w"

  /// The time `text` names; ages count back from `now`.
  static func parse(_ text: [UInt8], now: Timestamp) -> Result<Timestamp, LiteralError> {
    guard let first = text.first else { return .failure(LiteralError("no time", 0)) }
    if first == UInt8(ascii: "-") { return age(text, now: now) }
    if first == UInt8(ascii: "@") { return epoch(text) }
    return dateTime(text)
  }

  private static func age(_ text: [UInt8], now: Timestamp) -> Result<Timestamp, LiteralError> {
    guard text.count >= 3, let unit = text.last else {
      return .failure(LiteralError("an age needs a number and a unit", 0))
    }
    let seconds: Int64
    switch unit {
    case UInt8(ascii: "s"): seconds = 1
    case UInt8(ascii: "m"): seconds = 60
    case UInt8(ascii: "h"): seconds = 3600
    case UInt8(ascii: "d"): seconds = 86_400
    case UInt8(ascii: "w"): seconds = 604_800
    default: return .failure(LiteralError("unknown unit of age", text.count - 1))
    }
    let digits = text[1..<(text.count - 1)]
    guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }),
      let count = Int64(String(decoding: digits, as: UTF8.self)),
      case (let span, false) = count.multipliedReportingOverflow(by: seconds)
    else {
      return .failure(LiteralError("an age is a whole number and a unit", 1))
    }
    return .success(Timestamp(seconds: now.seconds - span, nanoseconds: now.nanoseconds))
  }

  private static func epoch(_ text: [UInt8]) -> Result<Timestamp, LiteralError> {
    let digits = text.dropFirst()
    guard let seconds = Int64(String(decoding: digits, as: UTF8.self)) else {
      return .failure(LiteralError("@ takes whole seconds since the epoch", 1))
    }
    return .success(Timestamp(seconds: seconds, nanoseconds: 0))
  }

  /// `YYYY-MM-DD[(T| )HH:MM[:SS[.fraction]]][Z|±HH:MM|±HHMM]`.
  private static func dateTime(_ text: [UInt8]) -> Result<Timestamp, LiteralError> {
    var reader = DigitReader(text)
    guard let year = reader.number(digits: 4), reader.skip("-"),
      let month = reader.number(digits: 2), reader.skip("-"),
      let day = reader.number(digits: 2)
    else { return .failure(LiteralError("expected a date YYYY-MM-DD", reader.offset)) }
    var hour = 0
    var minute = 0
    var second = 0
    var nanoseconds: Int32 = 0
    if reader.skip("T") || reader.skip(" ") {
      guard let h = reader.number(digits: 2), reader.skip(":"), let m = reader.number(digits: 2)
      else { return .failure(LiteralError("expected a time HH:MM", reader.offset)) }
      hour = h
      minute = m
      if reader.skip(":") {
        guard let s = reader.number(digits: 2) else {
          return .failure(LiteralError("expected seconds SS", reader.offset))
        }
        second = s
        if reader.skip(".") {
          guard let (fraction, count) = reader.digits(), count > 0 else {
            return .failure(LiteralError("expected a fraction of a second", reader.offset))
          }
          var scaled = fraction
          for _ in count..<9 { scaled *= 10 }
          for _ in 9..<max(9, count) { scaled /= 10 }
          nanoseconds = Int32(scaled)
        }
      }
    }
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return .failure(LiteralError("no such date or time", 0)) }
    var offset: Int?
    if reader.skip("Z") || reader.skip("z") {
      offset = 0
    } else if let sign = reader.sign() {
      guard let h = reader.number(digits: 2) else {
        return .failure(LiteralError("expected an offset ±HH:MM", reader.offset))
      }
      _ = reader.skip(":")
      guard let m = reader.number(digits: 2) else {
        return .failure(LiteralError("expected an offset ±HH:MM", reader.offset))
      }
      offset = sign * (h * 3600 + m * 60)
    }
    guard reader.isAtEnd else {
      return .failure(LiteralError("unexpected text after the time", reader.offset))
    }
    let seconds: Int64
    if let offset {
      seconds =
        daysSinceEpoch(year: year, month: month, day: day) * 86_400
        + Int64(hour * 3600 + minute * 60 + second - offset)
    } else {
      var parts = tm()
      parts.tm_year = Int32(year - 1900)
      parts.tm_mon = Int32(month - 1)
      parts.tm_mday = Int32(day)
      parts.tm_hour = Int32(hour)
      parts.tm_min = Int32(minute)
      parts.tm_sec = Int32(second)
      parts.tm_isdst = -1
      let local = mktime(&parts)
      guard local != -1 || (parts.tm_year == 69 && parts.tm_mday == 31) else {
        return .failure(LiteralError("the time does not exist in the local time zone", 0))
      }
      seconds = Int64(local)
    }
    return .success(Timestamp(seconds: seconds, nanoseconds: nanoseconds))
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
  /// days-from-civil).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// Reads fixed-width numbers and punctuation from a literal.
private struct DigitReader {
  let text: [UInt8]
  private(set) var offset = 0

  init(_ text: [UInt8]) {
    self.text = text
  }

  var isAtEnd: Bool {
    offset == text.count
  }

  mutating func number(digits: Int) -> Int? {
    guard offset + digits <= text.count else { return nil }
    var value = 0
    for byte in text[offset..<offset + digits] {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    offset += digits
    return value
  }

  /// Any number of digits, and how many there were.
  mutating func digits() -> (Int64, Int)? {
    var value: Int64 = 0
    var count = 0
    while offset < text.count, (0x30...0x39).contains(text[offset]) {
      if count < 18 { value = value * 10 + Int64(text[offset] - 0x30) }
      count += 1
      offset += 1
    }
    return (value, min(count, 18))
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
}

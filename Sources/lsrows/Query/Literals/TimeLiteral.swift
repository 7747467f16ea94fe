import Glibc

/// A point in time as `--where` writes it: a date (local midnight), a local
/// date and time, RFC 3339 with `Z` or an offset, `@SECONDS`, or an age
/// before now (`-7d`, `-36h`, `-15m`, `-90s`, `-2w`).
///
/// Dates, times and offsets are checked as GNU date 9.1 checks them: a
/// month 01-12, a day within its month (29 February only in leap years of
/// the proleptic Gregorian calendar, year 0000 included), hours 00-23,
/// minutes and seconds 00-59 (date refuses `24:00` and `23:59:60`), and an
/// offset of at most 24 hours, written as date writes it (`+01`, `+0100`,
/// `+01:00`; `+00:90` is an hour and a half). Digits of a fraction past the
/// ninth are dropped, as date drops them.
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

  /// `-COUNTunit`: the span must fit in 64-bit seconds (292 billion years).
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
    var reader = DigitReader(text)
    _ = reader.skip("-")
    guard let count = reader.wholeNumber(), reader.offset == text.count - 1 else {
      return .failure(LiteralError("an age is a whole number and a unit", 1))
    }
    guard let count, case (let span, false) = count.multipliedReportingOverflow(by: seconds),
      case (let start, false) = now.seconds.subtractingReportingOverflow(span)
    else {
      return .failure(LiteralError("the age is too large for 64-bit seconds", 1))
    }
    return .success(Timestamp(seconds: start, nanoseconds: now.nanoseconds))
  }

  /// `@SECONDS`, optionally signed; it must fit in 64 bits.
  private static func epoch(_ text: [UInt8]) -> Result<Timestamp, LiteralError> {
    var reader = DigitReader(text)
    _ = reader.skip("@")
    let sign = reader.sign() ?? 1
    guard let magnitude = reader.wholeNumber(), reader.isAtEnd else {
      return .failure(LiteralError("@ takes whole seconds since the epoch", 1))
    }
    guard let magnitude else {
      return .failure(LiteralError("the seconds are too many for 64 bits", 1))
    }
    return .success(Timestamp(seconds: sign < 0 ? -magnitude : magnitude, nanoseconds: 0))
  }

  /// `YYYY-MM-DD[(T| )HH:MM[:SS[.fraction]][Z|±offset]]`, or a date with `Z`.
  private static func dateTime(_ text: [UInt8]) -> Result<Timestamp, LiteralError> {
    var reader = DigitReader(text)
    guard let year = reader.number(digits: 4), reader.skip("-") else {
      return .failure(LiteralError("expected a date YYYY-MM-DD", reader.offset))
    }
    let monthOffset = reader.offset
    guard let month = reader.number(digits: 2), reader.skip("-") else {
      return .failure(LiteralError("expected a date YYYY-MM-DD", reader.offset))
    }
    let dayOffset = reader.offset
    guard let day = reader.number(digits: 2) else {
      return .failure(LiteralError("expected a date YYYY-MM-DD", reader.offset))
    }
    guard (1...12).contains(month) else {
      return .failure(
        LiteralError("no month \(twoDigits(month)): months are 01 to 12", monthOffset))
    }
    let length = daysIn(month: month, year: year)
    guard (1...length).contains(day) else {
      return .failure(
        LiteralError(
          "no day \(twoDigits(day)) in \(fourDigits(year))-\(twoDigits(month)), which has \(length) days",
          dayOffset))
    }
    var clock = (hour: 0, minute: 0, second: 0, nanoseconds: Int32(0))
    var hasTime = false
    if reader.skip("T") || reader.skip(" ") {
      switch timeOfDay(&reader) {
      case .success(let time): clock = time
      case .failure(let error): return .failure(error)
      }
      hasTime = true
    }
    var offset: Int?
    let offsetStart = reader.offset
    if reader.skip("Z") || reader.skip("z") {
      offset = 0
    } else if let sign = reader.sign() {
      guard hasTime else {
        return .failure(LiteralError("an offset needs a time of day before it", offsetStart))
      }
      switch utcOffset(&reader) {
      case .success(let seconds): offset = sign * seconds
      case .failure(let error): return .failure(error)
      }
    }
    guard reader.isAtEnd else {
      return .failure(LiteralError("unexpected text after the time", reader.offset))
    }
    let secondOfDay = clock.hour * 3600 + clock.minute * 60 + clock.second
    let seconds: Int64
    if let offset {
      seconds =
        daysSinceEpoch(year: year, month: month, day: day) * 86_400 + Int64(secondOfDay - offset)
    } else {
      var parts = tm()
      parts.tm_year = Int32(year - 1900)
      parts.tm_mon = Int32(month - 1)
      parts.tm_mday = Int32(day)
      parts.tm_hour = Int32(clock.hour)
      parts.tm_min = Int32(clock.minute)
      parts.tm_sec = Int32(clock.second)
      parts.tm_isdst = -1
      let local = mktime(&parts)
      guard local != -1 || (parts.tm_year == 69 && parts.tm_mday == 31) else {
        return .failure(LiteralError("the time does not exist in the local time zone", 0))
      }
      seconds = Int64(local)
    }
    return .success(Timestamp(seconds: seconds, nanoseconds: clock.nanoseconds))
  }

  /// `HH:MM[:SS[.fraction]]`, each part in its range.
  private static func timeOfDay(
    _ reader: inout DigitReader
  ) -> Result<(hour: Int, minute: Int, second: Int, nanoseconds: Int32), LiteralError> {
    let hourOffset = reader.offset
    guard let hour = reader.number(digits: 2), reader.skip(":") else {
      return .failure(LiteralError("expected a time HH:MM", reader.offset))
    }
    let minuteOffset = reader.offset
    guard let minute = reader.number(digits: 2) else {
      return .failure(LiteralError("expected a time HH:MM", reader.offset))
    }
    guard hour < 24 else {
      return .failure(LiteralError("no hour \(hour): hours are 00 to 23", hourOffset))
    }
    guard minute < 60 else {
      return .failure(LiteralError("no minute \(minute): minutes are 00 to 59", minuteOffset))
    }
    guard reader.skip(":") else { return .success((hour, minute, 0, 0)) }
    let secondOffset = reader.offset
    guard let second = reader.number(digits: 2) else {
      return .failure(LiteralError("expected seconds SS", reader.offset))
    }
    guard second < 60 else {
      return .failure(LiteralError("no second \(second): seconds are 00 to 59", secondOffset))
    }
    guard reader.skip(".") else { return .success((hour, minute, second, 0)) }
    guard let nanoseconds = reader.nanoseconds() else {
      return .failure(LiteralError("expected a fraction of a second", reader.offset))
    }
    return .success((hour, minute, second, nanoseconds))
  }

  /// The offset after its sign, in seconds, read as GNU date reads it:
  /// one or two digits are hours (`+1`, `+01`), three or four are hours and
  /// minutes (`+130`, `+0130`), and `H:M` is hours and minutes of any
  /// number of digits (`+1:30`, `+00:90`); at most 24 hours in all.
  private static func utcOffset(_ reader: inout DigitReader) -> Result<Int, LiteralError> {
    let start = reader.offset
    guard let hours = reader.wholeNumber() else {
      return .failure(LiteralError("expected an offset ±HH:MM", reader.offset))
    }
    let hourDigits = reader.offset - start
    var total: Int64?
    if reader.skip(":") {
      guard let minutes = reader.wholeNumber() else {
        return .failure(LiteralError("expected an offset ±HH:MM", reader.offset))
      }
      if let hours, let minutes,
        case (let scaled, false) = hours.multipliedReportingOverflow(by: 60),
        case (let sum, false) = scaled.addingReportingOverflow(minutes)
      {
        total = sum
      }
    } else if let hours {
      total = hourDigits <= 2 ? hours * 60 : hours / 100 * 60 + hours % 100
    }
    guard let total, total <= 24 * 60 else {
      return .failure(LiteralError("an offset of more than 24 hours", start))
    }
    return .success(Int(total) * 60)
  }

  /// How many days `month` has in `year` of the proleptic Gregorian calendar.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  private static func fourDigits(_ value: Int) -> String {
    String(repeating: "0", count: max(0, 4 - "\(value)".count)) + "\(value)"
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

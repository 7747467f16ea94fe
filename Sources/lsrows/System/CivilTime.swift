import Glibc

/// A date and time of day, as a calendar shows it.
struct CivilTime: Equatable {
  var year: Int64
  var month: Int
  var day: Int
  var hour: Int
  var minute: Int
  var second: Int
  /// Seconds east of UTC of the zone this time is in.
  var utcOffset: Int
}

extension CivilTime {
  /// The UTC date and time of `seconds` after the epoch, by arithmetic alone
  /// (Howard Hinnant's days-to-civil), valid for any 64-bit time.
  static func utc(_ seconds: Int64) -> CivilTime {
    let (days, secondOfDay) = seconds.floorDividedBy(86_400)
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return CivilTime(
      year: year, month: month, day: day,
      hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60),
      second: Int(secondOfDay % 60), utcOffset: 0)
  }

  /// The local date and time of `seconds` after the epoch, in the zone `TZ`
  /// names, or `nil` when the C library cannot convert it.
  static func local(_ seconds: Int64) -> CivilTime? {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    return CivilTime(
      year: Int64(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec),
      utcOffset: Int(parts.tm_gmtoff))
  }
}

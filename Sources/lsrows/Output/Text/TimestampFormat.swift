/// Formats file times: ls's long-iso in local time, RFC 3339 in UTC.
struct TimestampFormat {
  private var cachedMinute: Int64?
  private var cachedText: [UInt8] = []

  /// The width of a long-iso time: `2026-11-30 03:05`.
  static let longISOWidth = 16

  /// Appends `time` as `YYYY-MM-DD HH:MM` in the local time zone, as
  /// `ls -l --time-style=long-iso` does.
  ///
  /// - Returns: `false` when the C library cannot convert the time; ls then
  ///   prints the seconds instead, and so does the caller.
  mutating func appendLongISO(_ time: Timestamp, to output: inout [UInt8]) -> Bool {
    // A whole directory usually shares few minutes: convert each once.
    let minute = time.seconds.floorDividedBy(60).quotient
    if minute == cachedMinute {
      output.append(contentsOf: cachedText)
      return true
    }
    guard let civil = CivilTime.local(time.seconds) else { return false }
    var text: [UInt8] = []
    text.reserveCapacity(Self.longISOWidth)
    Self.appendDate(civil, to: &text)
    text.append(UInt8(ascii: " "))
    appendDecimal(UInt64(civil.hour), zeroPaddedTo: 2, to: &text)
    text.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(civil.minute), zeroPaddedTo: 2, to: &text)
    output.append(contentsOf: text)
    // Zones whose offset is not whole minutes (old local mean times) could
    // put two seconds of one UTC minute in different local minutes.
    if civil.utcOffset % 60 == 0 {
      cachedMinute = minute
      cachedText = text
    } else {
      cachedMinute = nil
    }
    return true
  }

  /// Appends `time` as RFC 3339 in UTC with nanoseconds:
  /// `2026-11-30T03:05:24.123456789Z`.
  static func appendRFC3339(_ time: Timestamp, to output: inout [UInt8]) {
    let civil = CivilTime.utc(time.seconds)
    appendDate(civil, to: &output)
    output.append(UInt8(ascii: "T"))
    appendDecimal(UInt64(civil.hour), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(civil.minute), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(civil.second), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: "."))
    appendDecimal(UInt64(max(0, time.nanoseconds)), zeroPaddedTo: 9, to: &output)
    output.append(UInt8(ascii: "Z"))
  }

  /// `YYYY-MM-DD`, the year padded to four digits as gnulib's `%Y` pads it.
  private static func appendDate(_ civil: CivilTime, to output: inout [UInt8]) {
    if civil.year < 0 { output.append(UInt8(ascii: "-")) }
    appendDecimal(civil.year.magnitude, zeroPaddedTo: 4, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDecimal(UInt64(civil.month), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDecimal(UInt64(civil.day), zeroPaddedTo: 2, to: &output)
  }
}

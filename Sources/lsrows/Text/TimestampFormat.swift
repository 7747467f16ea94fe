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
    guard (0...9999).contains(civil.year) else {
      return appendRFC3339Slowly(civil, nanoseconds: time.nanoseconds, to: &output)
    }
    // Three of these per JSON row: the 30 bytes are made on the stack and
    // appended at once, not a field at a time.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 30) { text in
      func put(_ value: Int, digits: Int, at end: Int) {
        var rest = value
        for position in stride(from: end - 1, through: end - digits, by: -1) {
          text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      put(Int(civil.year), digits: 4, at: 4)
      text[4] = UInt8(ascii: "-")
      put(civil.month, digits: 2, at: 7)
      text[7] = UInt8(ascii: "-")
      put(civil.day, digits: 2, at: 10)
      text[10] = UInt8(ascii: "T")
      put(civil.hour, digits: 2, at: 13)
      text[13] = UInt8(ascii: ":")
      put(civil.minute, digits: 2, at: 16)
      text[16] = UInt8(ascii: ":")
      put(civil.second, digits: 2, at: 19)
      text[19] = UInt8(ascii: ".")
      put(Int(max(0, time.nanoseconds)), digits: 9, at: 29)
      text[29] = UInt8(ascii: "Z")
      output.append(contentsOf: UnsafeBufferPointer(text))
    }
  }

  /// The same, field by field, for years that do not take four digits.
  private static func appendRFC3339Slowly(
    _ civil: CivilTime, nanoseconds: Int32, to output: inout [UInt8]
  ) {
    appendDate(civil, to: &output)
    output.append(UInt8(ascii: "T"))
    appendDecimal(UInt64(civil.hour), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(civil.minute), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(civil.second), zeroPaddedTo: 2, to: &output)
    output.append(UInt8(ascii: "."))
    appendDecimal(UInt64(max(0, nanoseconds)), zeroPaddedTo: 9, to: &output)
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

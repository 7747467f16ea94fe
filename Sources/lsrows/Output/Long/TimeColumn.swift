/// Writes the time column of `-l` rows in a ``TimeStyle``.
///
/// A time is recent when it is less than six months (half of 365.2425
/// days) old and not in the future, as ls counts it; ls takes the clock
/// again when a file's time is ahead of it, and so does this.
final class TimeColumn {
  private let style: TimeStyle
  private var now = Timestamp.now
  private var longISO = TimestampFormat()
  /// The width a time that cannot be written takes: ls's expected width,
  /// that of the old format at the epoch.
  private(set) lazy var expectedWidth: Int = {
    guard let formats = style.formats else { return TimestampFormat.longISOWidth }
    var text: [UInt8] = []
    return formats.old.append(Timestamp(seconds: 0, nanoseconds: 0), to: &text) ? text.count : 0
  }()

  init(_ style: TimeStyle) {
    self.style = style
  }

  /// Appends `time`, or `?` (right-aligned) for a time the file system
  /// does not keep; the seconds when the C library cannot convert it.
  func append(_ time: Timestamp?, to output: inout [UInt8]) {
    guard let time else {
      appendUnknown(rightAlignedTo: expectedWidth, to: &output)
      return
    }
    guard let formats = style.formats else {
      if !longISO.appendLongISO(time, to: &output) {
        appendRightAligned(decimalBytes(time.seconds), width: expectedWidth, to: &output)
      }
      return
    }
    if now < time { now = .now }
    let sixMonthsAgo = Timestamp(
      seconds: now.seconds - 31_556_952 / 2, nanoseconds: now.nanoseconds)
    let recent = sixMonthsAgo < time && time < now
    let start = output.count
    if !(recent ? formats.recent : formats.old).append(time, to: &output) {
      output.removeSubrange(start...)
      appendRightAligned(decimalBytes(time.seconds), width: expectedWidth, to: &output)
    }
  }
}

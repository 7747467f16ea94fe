import Glibc
import Testing

@testable import lsrows

/// `--time-style` read as ls reads it in the C locale, and the six-month
/// rule of its two formats.
@Suite struct TimeStyleTests {
  func render(_ style: TimeStyle, _ seconds: Int64) -> String {
    var output: [UInt8] = []
    TimeColumn(style).append(Timestamp(seconds: seconds, nanoseconds: 5), to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func wordsAndTheirPrefixes() throws {
    setenv("TZ", "UTC", 1)
    tzset()
    let now = Int64(time(nil))
    for (word, old, recent) in [
      ("full-iso", "1970-01-01 00:00:01.000000005 +0000", nil),
      ("full", "1970-01-01 00:00:01.000000005 +0000", nil),
      ("long-iso", "1970-01-01 00:00", nil),
      ("iso", "1970-01-01 ", "%m-%d %H:%M"),
      ("locale", "Jan  1  1970", "%b %e %H:%M"),
      ("posix-long-iso", "Jan  1  1970", "%b %e %H:%M"),
      ("+%s", "1", nil),
      ("+old %Y\nnew %Y", "old 1970", "new %Y"),
    ] as [(String, String, String?)] {
      let style = try TimeStyle.parse(bytes(word))
      #expect(render(style, 1) == old, "\(word)")
      if let recent {
        var parts = tm()
        var seconds = time_t(now - 3600)
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, buffer.count, recent, &parts)
        let expected = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(render(style, now - 3600) == expected, "\(word)")
      }
    }
  }

  @Test func refusalsAsLs() {
    #expect(throws: TimeStyle.ParseError.unknown(bytes("bogus"), ambiguous: false)) {
      try TimeStyle.parse(bytes("bogus"))
    }
    #expect(throws: TimeStyle.ParseError.unknown(bytes("l"), ambiguous: true)) {
      try TimeStyle.parse(bytes("l"))
    }
    #expect(throws: TimeStyle.ParseError.tooManyLines(bytes("a\nb\nc"))) {
      try TimeStyle.parse(bytes("+a\nb\nc"))
    }
  }

  /// A time in the future, or older than half a Gregorian year, is old.
  @Test func sixMonthRule() throws {
    let style = try TimeStyle.parse(bytes("+old\nrecent"))
    let now = Int64(time(nil))
    #expect(render(style, now - 10) == "recent")
    #expect(render(style, now - 31_556_952 / 2 + 60) == "recent")
    #expect(render(style, now - 31_556_952 / 2 - 60) == "old")
    #expect(render(style, now + 3600) == "old")
  }
}

import Glibc
import Testing

@testable import lsrows

@Suite struct FormattingTests {
  func human(_ size: UInt64) -> String {
    var output: [UInt8] = []
    HumanReadable.append(size, in: .humanReadable, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test(
    arguments: [
      (0, "0"), (1, "1"), (1023, "1023"), (1024, "1.0K"), (1025, "1.1K"), (1536, "1.5K"),
      (10 * 1024 - 1, "10K"),
      (10 * 1024, "10K"), (10 * 1024 + 1, "11K"), (1_048_575, "1.0M"), (1_048_576, "1.0M"),
      (1_500_000, "1.5M"),
      (5_000_000_000, "4.7G"), (UInt64(Int64.max), "8.0E"),
    ] as [(UInt64, String)])
  func humanSizesRoundUpAsLs(size: UInt64, expected: String) {
    #expect(human(size) == expected)
  }

  func mode(_ value: UInt32) -> String {
    var output: [UInt8] = []
    appendModeString(FileMode(rawValue: value), to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func modeStrings() {
    #expect(mode(0o100644) == "-rw-r--r--")
    #expect(mode(0o104755) == "-rwsr-xr-x")
    #expect(mode(0o104644) == "-rwSr--r--")
    #expect(mode(0o102710) == "-rwx--s---")
    #expect(mode(0o041777) == "drwxrwxrwt")
    #expect(mode(0o041776) == "drwxrwxrwT")
    #expect(mode(0o120777) == "lrwxrwxrwx")
    #expect(mode(0o010600) == "prw-------")
    #expect(mode(0o140755) == "srwxr-xr-x")
    #expect(mode(0o060660) == "brw-rw----")
    #expect(mode(0o020666) == "crw-rw-rw-")
  }

  @Test func octalPermissions() {
    var output: [UInt8] = []
    appendOctalPermissions(FileMode(rawValue: 0o104755), to: &output)
    #expect(output == bytes("4755"))
  }

  @Test(
    arguments: [
      (0, "1970-01-01T00:00:00.000000000Z"), (1_600_000_000, "2020-09-13T12:26:40.000000000Z"),
      (-1, "1969-12-31T23:59:59.000000000Z"), (951_782_400, "2000-02-29T00:00:00.000000000Z"),
      (253_402_300_799, "9999-12-31T23:59:59.000000000Z"),
      (-62_135_596_800, "0001-01-01T00:00:00.000000000Z"),
    ] as [(Int64, String)])
  func rfc3339(seconds: Int64, expected: String) {
    var output: [UInt8] = []
    TimestampFormat.appendRFC3339(Timestamp(seconds: seconds, nanoseconds: 0), to: &output)
    #expect(String(decoding: output, as: UTF8.self) == expected)
  }

  @Test func nanosecondsArePadded() {
    var output: [UInt8] = []
    TimestampFormat.appendRFC3339(Timestamp(seconds: 0, nanoseconds: 5), to: &output)
    #expect(output == bytes("1970-01-01T00:00:00.000000005Z"))
  }

  @Test func civilTimeAgreesWithTheCLibraryAcrossCenturies() {
    for seconds in stride(from: Int64(-5_000_000_000), to: 10_000_000_000, by: 86_400 * 37 + 3_601)
    {
      var time = time_t(seconds)
      var parts = tm()
      gmtime_r(&time, &parts)
      let civil = CivilTime.utc(seconds)
      #expect(civil.year == Int64(parts.tm_year) + 1900 && civil.month == Int(parts.tm_mon) + 1)
      #expect(civil.day == Int(parts.tm_mday) && civil.hour == Int(parts.tm_hour))
      #expect(civil.minute == Int(parts.tm_min) && civil.second == Int(parts.tm_sec))
    }
  }
}

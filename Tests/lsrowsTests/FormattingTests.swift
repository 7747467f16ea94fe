import Glibc
import Testing

@testable import lsrows

@Suite struct FormattingTests {
  func human(_ size: UInt64) -> String {
    var output: [UInt8] = []
    appendHumanSize(size, to: &output)
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

  @Test func humanSizesMatchLsOnRealFiles() {
    let root = TemporaryDirectory()
    root.directory("sizes")
    for size in [
      0, 1, 999, 1000, 1023, 1024, 1025, 2047, 10239, 10240, 10241, 102_400, 1_048_577, 3_000_000,
    ] {
      root.file("sizes/f\(size)", contents: String(repeating: "x", count: size))
    }
    let ours = lsrows("-lh", "sizes", in: root.path)
    let theirs = ls("-lh", "--time-style=long-iso", "sizes", in: root.path)
    #expect(
      Text(ours.standardOutput) == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)))
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

@Suite struct VersionOrderTests {
  func compare(_ a: String, _ b: String) -> Int {
    let x = bytes(a)
    let y = bytes(b)
    return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in compareVersions(x, y) }
    }
  }

  @Test func numbersCompareAsNumbers() {
    #expect(compare("1.9", "1.10") < 0)
    #expect(compare("a2", "a10") < 0)
    #expect(compare("file.9.tar", "file.10.tar") < 0)
  }

  @Test func tildeSortsFirstAndSuffixesLast() {
    #expect(compare("a~", "a") < 0)
    #expect(compare("1.0~rc1", "1.0") < 0)
    #expect(compare("a.tar", "a.tar.gz") < 0)
  }

  @Test func dotNamesComeFirst() {
    #expect(compare(".", "..") < 0)
    #expect(compare("..", ".a") < 0)
    #expect(compare(".z", "a") < 0)
    // In coreutils 9.1 a name that is all suffix has an empty version part.
    #expect(compare(".a", ".0") < 0)
  }

  @Test func leadingZerosDoNotDecideAlone() {
    #expect(compare("a01", "a1") == 0)
    #expect(compare("a001", "a01") == 0)
  }

  @Test func propertiesOnRandomTriples() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("a.~0-9Z".utf8)
    func random() -> String {
      String(
        decoding: (0..<Int.random(in: 1...5, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }, as: UTF8.self)
    }
    for _ in 0..<2000 {
      let (a, b, c) = (random(), random(), random())
      #expect(compare(a, b).signum() == -compare(b, a).signum(), "\(a) \(b)")
      if compare(a, b) <= 0 && compare(b, c) <= 0 {
        #expect(compare(a, c) <= 0, "\(a) \(b) \(c)")
      }
    }
  }
}

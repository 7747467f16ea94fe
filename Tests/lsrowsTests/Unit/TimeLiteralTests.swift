import Testing

@testable import lsrows

/// Times as `--where` reads them: what GNU date 9.1 refuses is refused with
/// the part that is wrong, nothing traps, and what is accepted is the
/// instant date gives.
@Suite struct TimeLiteralTests {
  static let now = Timestamp(seconds: 1_700_000_000, nanoseconds: 0)

  func parse(_ text: String) -> Result<Timestamp, LiteralError> {
    TimeLiteral.parse(bytes(text), now: Self.now)
  }

  @Test(arguments: [
    ("2026-02-30", "no day 30 in 2026-02, which has 28 days"),
    ("2026-02-29", "no day 29 in 2026-02, which has 28 days"),
    ("1900-02-29T00:00Z", "no day 29 in 1900-02, which has 28 days"),
    ("0001-04-31T12:00:51.9", "no day 31 in 0001-04, which has 30 days"),
    ("2026-00-10", "no month 00: months are 01 to 12"),
    ("2026-13-01", "no month 13: months are 01 to 12"),
    ("2026-01-00", "no day 00 in 2026-01, which has 31 days"),
    ("2026-01-01T24:00", "no hour 24: hours are 00 to 23"),
    ("2026-01-01T23:60", "no minute 60: minutes are 00 to 59"),
    ("2026-01-01T23:59:60", "no second 60: seconds are 00 to 59"),
    ("2026-01-01T00:00+9999", "an offset of more than 24 hours"),
    ("2026-01-01T00:00-99:99", "an offset of more than 24 hours"),
    ("2026-01-01T00:00+24:01", "an offset of more than 24 hours"),
    ("2026-01-01T00:00+2361", "an offset of more than 24 hours"),
    ("2026-01-01T00:00+25", "an offset of more than 24 hours"),
    ("2026-01-01+01:00", "an offset needs a time of day before it"),
    ("2026-01-01T00:00:00.", "expected a fraction of a second"),
    ("-99999999999999999999d", "the age is too large for 64-bit seconds"),
    ("-9999999999999999w", "the age is too large for 64-bit seconds"),
    ("@99999999999999999999", "the seconds are too many for 64 bits"),
  ])
  func timesThatDoNotExistAreRefused(text: String, problem: String) {
    guard case .failure(let error) = parse(text) else {
      Issue.record("\(text) was accepted")
      return
    }
    #expect(error.problem == problem, "\(text)")
    #expect((0...text.utf8.count).contains(error.offset))
  }

  @Test func whatDateAcceptsIsAccepted() throws {
    for text in [
      "2024-02-29", "2000-02-29T00:00Z", "0000-02-29T12:00Z", "0000-01-01", "9999-12-31T23:59:59Z",
      "2026-01-01T00:00+24:00", "2026-01-01T00:00-2400", "2026-01-01T00:00+00:99",
      "2026-01-01T00:00+1", "2026-01-01T00:00+130", "2026-01-01Z",
    ] {
      #expect((try? parse(text).get()) != nil, "\(text)")
    }
    // The offset as date reads it: `+00:90` is an hour and a half.
    #expect(try parse("2026-01-01T12:00+00:90").get().seconds == 1_767_263_400)
    #expect(try parse("2026-01-01T12:00+130").get().seconds == 1_767_263_400)
    #expect(try parse("2026-01-01T12:00-1:30").get().seconds == 1_767_274_200)
  }

  @Test func fractionDigitsPastTheNinthAreDropped() throws {
    let time = try parse("2026-11-30T12:00:00.1026226311Z").get()
    #expect(time.nanoseconds == 102_622_631)
    #expect(
      try parse("2026-11-30T12:00:00.9999999999999999999999Z").get().nanoseconds == 999_999_999)
    #expect(try parse("2026-11-30T12:00:00.5Z").get().nanoseconds == 500_000_000)
    // The fuzzer's input: a fraction of ten digits, then the offset -3:00.
    #expect(
      try parse("2026-11-30T12:00:00.1026226311-300").get()
        == Timestamp(seconds: 1_796_050_800, nanoseconds: 102_622_631))
  }

  /// Seeded literals at every boundary, against `date -d` itself: the same
  /// ones refused, the same instant for the rest (in the zone the tests run
  /// in, which both read from `TZ`).
  @Test func agreesWithGNUDate() throws {
    var random = SeededRandom()
    let literals = (0..<600).map { _ in Self.randomLiteral(&random) }
    // Each literal is followed by a sentinel date always accepts, so that a
    // refused literal is the one whose line is missing.
    let input = literals.flatMap { bytes($0 + "\n@7\n") }
    let result = runProcess(
      "date", [bytes("-f"), bytes("-"), bytes("+%s %N")], environment: ["LC_ALL": "C"],
      input: input)
    var lines = result.outputText.split(separator: "\n").map(String.init)[...]
    for literal in literals {
      let answer = lines.first == "7 000000000" ? nil : lines.popFirst()
      #expect(lines.popFirst() == "7 000000000", "\(random)")
      let parsed = try? parse(literal).get()
      guard let answer else {
        #expect(parsed == nil, "date refuses \(literal); \(random)")
        continue
      }
      let parts = answer.split(separator: " ")
      let expected = Timestamp(
        seconds: Int64(parts[0]) ?? 0, nanoseconds: Int32(parts.count > 1 ? parts[1] : "") ?? 0)
      #expect(parsed == expected, "\(literal): date says \(answer); \(random)")
    }
  }

  /// A literal of lsrows's grammar with parts at and past their limits; the
  /// year 1970 never comes up, so no literal names the sentinel's instant.
  static func randomLiteral(_ random: inout SeededRandom) -> String {
    func two() -> String {
      [
        "00", "01", "02", "09", "10", "12", "13", "23", "24", "28", "29", "30", "31", "32", "59",
        "60", "61", "99",
      ].randomElement(using: &random)!
    }
    func digits(_ range: ClosedRange<Int>) -> String {
      String(
        (0..<Int.random(in: range, using: &random)).map { _ in
          "0123456789".randomElement(using: &random)!
        })
    }
    let year = [
      "0000", "0001", "0100", "0400", "1900", "1969", "2000", "2024", "2026", "2100", "9999",
    ]
    .randomElement(using: &random)!
    var text = "\(year)-\(two())-\(two())"
    if Int.random(in: 0..<5, using: &random) > 0 {
      text += (Bool.random(using: &random) ? "T" : " ") + two() + ":" + two()
      if Bool.random(using: &random) {
        text += ":" + two()
        if Bool.random(using: &random) { text += "." + digits(1...14) }
      }
      switch Int.random(in: 0..<6, using: &random) {
      case 0: text += "Z"
      case 1: text += "+" + digits(1...5)
      case 2: text += "-" + digits(1...4)
      case 3: text += "+" + digits(1...3) + ":" + digits(1...3)
      case 4: text += "-" + digits(1...2) + ":" + digits(1...2)
      default: break
      }
    } else if Bool.random(using: &random) {
      text += "Z"
    }
    return text
  }

  @Test func hugeNumbersSaturateAndStillCompare() throws {
    let huge = try NumberLiteral.parse(bytes("730695893666955995120891.6818077952128646E")).get()
    #expect(huge == NumberLiteral.saturation)
    #expect(huge > Int128(UInt64.max))
    #expect(
      try NumberLiteral.parse(bytes("-99999999999999999999999999999999999999999E")).get()
        == -NumberLiteral.saturation)
    #expect(try NumberLiteral.parse(bytes("18446744073709551615")).get() == Int128(UInt64.max))
    #expect(try NumberLiteral.parse(bytes("1.999999999999999999999999E")).get() == (1 << 61) - 2)
  }
}

import Testing

@testable import lsrows

@Suite struct QueryParserTests {
  static let now = Timestamp(seconds: 1_700_000_000, nanoseconds: 0)

  /// A row of a regular file named `name` with the given size and times.
  func row(
    _ name: String, size: Int64 = 0, mtime: Int64 = 1_699_000_000, mode: UInt32 = 0o100644,
    kind: FileKind = .regularFile
  ) -> RowFields {
    let status = FileStatus(
      size: size, linkCount: 1, device: 1, inode: 42, deviceNumber: 0, blocks: 8,
      accessTime: Timestamp(seconds: mtime, nanoseconds: 0),
      modificationTime: Timestamp(seconds: mtime, nanoseconds: 5),
      changeTime: Timestamp(seconds: mtime, nanoseconds: 0), birthTime: nil,
      mode: FileMode(rawValue: mode), userID: 0, groupID: 0)
    var list = EntryList()
    try? list.append(name: bytes(name), status: status, kind: kind)
    return FieldReader(accounts: AccountNames()).fields(
      of: FileRow(listing: Listing(list, at: .operands), position: 0))
  }

  func holds(_ expression: String, _ fields: RowFields) -> Bool {
    do {
      return try QueryParser.parse(bytes(expression), now: Self.now).holds(for: fields)
    } catch {
      Issue.record("\(expression): \(error)")
      return false
    }
  }

  func failure(_ expression: String) -> QueryError? {
    do {
      _ = try QueryParser.parse(bytes(expression), now: Self.now)
      return nil
    } catch {
      return error
    }
  }

  @Test func comparisonsOfEachType() {
    let big = row("big.iso", size: 2 << 20, mode: 0o100755)
    #expect(holds("size > 1M", big))
    #expect(!holds("size > 2M", big))
    #expect(holds("size >= 2M", big))
    #expect(holds("size == 2097152", big))
    #expect(holds("size != 0", big))
    #expect(holds("name == big.iso", big))
    #expect(holds("name ~ '*.iso'", big))
    #expect(holds("name !~ '*.txt'", big))
    #expect(holds("ext == iso and stem == big", big))
    #expect(holds("type == file and type == f and type != dir", big))
    #expect(holds("perms == 0755 and perms > 644", big))
    #expect(holds("mode == -rwxr-xr-x and mode ~ '-rwx*'", big))
    #expect(holds("mtime < -1d and mtime > -2w", big))
    #expect(holds("mtime > 2023-11-03T08:26:40Z", big))
    #expect(!holds("mtime > 2023-11-03T08:26:40.000000005Z", big))
    #expect(holds("mtime == 2023-11-03T08:26:40.000000005Z", big))
    #expect(holds("inode == 42 and links == 1 and uid == 0 and depth == 0", big))
  }

  @Test func unitsArePowersOf1024Or1000() {
    for (expression, size) in [
      ("size == 1K", 1024), ("size == 1KB", 1000), ("size == 1M", 1 << 20),
      ("size == 1MB", 1_000_000), ("size == 1.5K", 1536), ("size == 2G", 2 << 30),
      ("size == 1KiB", 1024), ("size == 3k", 3072),
    ] as [(String, Int64)] {
      #expect(holds(expression, row("f", size: size)), "\(expression)")
      #expect(!holds(expression, row("f", size: size + 1)), "\(expression)")
    }
  }

  @Test func andBindsTighterThanOrAndNotTighterStill() {
    let file = row("a", size: 10)
    #expect(holds("size == 1 or size == 10 and name == a", file))
    #expect(!holds("(size == 1 or size == 10) and name == b", file))
    #expect(holds("not size == 1 and name == a", file))
    #expect(!holds("not (size == 10 and name == a)", file))
    #expect(holds("not not name == a", file))
  }

  @Test func missingValuesSatisfyNoComparison() {
    let file = row("a")
    #expect(!holds("target == x", file))
    #expect(!holds("target != x", file))
    #expect(holds("not target == x", file))
    #expect(!holds("btime > 1970-01-01", file))
  }

  @Test func quotedValuesAndEscapes() {
    #expect(holds("name == 'a b'", row("a b")))
    #expect(holds("name == \"it's\"", row("it's")))
    #expect(holds("name == 'it\\'s'", row("it's")))
    #expect(holds("name == 'x\\x41y'", row("xAy")))
    #expect(holds("name ~ 'a\\*'", row("a*")))
    #expect(!holds("name ~ 'a\\*'", row("ab")))
  }

  @Test(arguments: [
    ("nme == a", "unknown field 'nme'", 0),
    ("size > 1X", "unknown unit 'X'", 8),
    ("size > big", "not a number", 7),
    ("(size > 1", "unbalanced parenthesis: '(' is not closed", 0),
    ("size > 1)", "unbalanced parenthesis: ')' without '('", 8),
    ("name ~ 'a[b'", "'[' is not closed (write '\\[' for the byte)", 9),
    ("name == 'open", "the quote is not closed", 8),
    ("size", "expected an operator after 'size'", 4),
    ("size >", "expected a value after '>'", 6),
    ("size ~ 1", "'~' matches text, and size is a number", 5),
    ("type < dir", "kinds compare only with == and !=", 5),
    ("type == directory-ish", "unknown kind 'directory-ish'", 8),
    ("perms == 0999", "not permission bits in octal", 9),
    ("mtime > 2026-13-01", "no month 13: months are 01 to 12", 13),
    ("mtime > -7y", "unknown unit of age", 10),
    ("name == a b", "unexpected text", 10),
    ("", "expected a comparison", 0),
    ("and", "expected a comparison", 0),
  ])
  func mistakesSayWhatAndWhere(expression: String, problem: String, offset: Int) {
    let error = failure(expression)
    #expect(error?.problem == problem, "\(expression)")
    #expect(error?.offset == offset, "\(expression)")
    #expect(error?.expected.isEmpty == false)
  }

  @Test func timesAndAges() throws {
    func time(_ text: String) throws -> Timestamp {
      try TimeLiteral.parse(bytes(text), now: Self.now).get()
    }
    // The seconds `date -d ... +%s` gives.
    #expect(try time("2026-11-30T12:00Z").seconds == 1_796_040_000)
    #expect(try time("2026-11-30T12:00:00+01:00").seconds == 1_796_036_400)
    #expect(try time("2026-11-30T12:00:00-0130").seconds == 1_796_045_400)
    #expect(try time("2026-11-30T12:00:00.25Z").nanoseconds == 250_000_000)
    #expect(try time("@86400").seconds == 86400)
    #expect(try time("-90s").seconds == Self.now.seconds - 90)
    #expect(try time("-15m").seconds == Self.now.seconds - 900)
    #expect(try time("-36h").seconds == Self.now.seconds - 129_600)
    #expect(try time("-7d").seconds == Self.now.seconds - 604_800)
    #expect(try time("-2w").seconds == Self.now.seconds - 1_209_600)
    #expect(TimeLiteral.daysSinceEpoch(year: 2000, month: 3, day: 1) == 11_017)
    #expect(TimeLiteral.daysSinceEpoch(year: 1969, month: 12, day: 31) == -1)
  }

  @Test func sortFieldLists() throws {
    #expect(
      try SortField.parseList(bytes("type,-size,name")) == [
        SortField(field: .type, descending: false), SortField(field: .size, descending: true),
        SortField(field: .name, descending: false),
      ])
    #expect(throws: QueryError.self) { try SortField.parseList(bytes("size,,name")) }
    #expect(throws: QueryError.self) { try SortField.parseList(bytes("size,-nme")) }
    do {
      _ = try SortField.parseList(bytes("size,-nme"))
    } catch {
      #expect(error.offset == 6)
    }
  }

  /// `--fields` reads the same lists, but a `-` is part of the name.
  @Test func fieldListsWithoutDescending() throws {
    #expect(
      try Field.parseList(bytes("path,entries"), allowsDescending: false, expected: "") == [
        Field.ListItem(field: .path, descending: false, offset: 0),
        Field.ListItem(field: .entries, descending: false, offset: 5),
      ])
    for (text, problem, offset) in [
      ("name,-size", "unknown field '-size'", 5), ("name,", "an empty field", 5),
      ("", "an empty field", 0),
    ] {
      #expect(throws: QueryError.self, "\(text)") {
        try Field.parseList(bytes(text), allowsDescending: false, expected: "")
      }
      do {
        _ = try Field.parseList(bytes(text), allowsDescending: false, expected: "")
      } catch {
        #expect(error.problem == problem, "\(text)")
        #expect(error.offset == offset, "\(text)")
      }
    }
  }
}

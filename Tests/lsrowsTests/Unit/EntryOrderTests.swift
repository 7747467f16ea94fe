import Glibc
import Testing

@testable import lsrows

@Suite struct EntryOrderTests {
  func sorted(_ names: [[UInt8]], _ key: SortKey = .name, reversed: Bool = false) -> [[UInt8]] {
    var list = EntryList()
    // A few names cannot exhaust memory; if they did, the sort tests fail.
    for name in names { _ = try? list.append(name: name, kind: .regularFile) }
    EntryOrder(key: key, isReversed: reversed).sort(&list)
    return list.entries.map { Array(list.name(of: $0)) }
  }

  @Test func byteOrderWhateverTheLocale() {
    let names: [[UInt8]] = [
      bytes("b"), bytes("a"), bytes("B"), [0xFF], bytes("ab"), bytes("_x"), bytes(".a"),
      bytes("10"), bytes("9"),
    ]
    #expect(
      sorted(names) == [
        bytes(".a"), bytes("10"), bytes("9"), bytes("B"), bytes("_x"), bytes("a"), bytes("ab"),
        bytes("b"), [0xFF],
      ])
  }

  @Test func aPrefixSortsFirst() {
    #expect(
      sorted([bytes("abc"), bytes("ab"), bytes("a")]) == [bytes("a"), bytes("ab"), bytes("abc")])
  }

  @Test func reverseReversesTheOrder() {
    #expect(
      sorted([bytes("a"), bytes("c"), bytes("b")], reversed: true) == [
        bytes("c"), bytes("b"), bytes("a"),
      ])
  }

  @Test(arguments: [false, true])
  func noneKeepsReadOrderEvenReversed(reversed: Bool) {
    let names = [bytes("c"), bytes("a"), bytes("b")]
    #expect(sorted(names, .none, reversed: reversed) == names)
  }

  @Test(arguments: [0, 1, 2, 3, 5, 10])
  func sortsEverySmallCount(count: Int) {
    let names = (0..<count).map { bytes("n\((count - $0) * 7 % 11)") }
    #expect(sorted(names) == names.sorted { $0.lexicographicallyPrecedes($1) })
  }
}

/// The sorts of large lists (``NameSort``) and of chunks merged
/// (``ChunkMerge``) against a plain byte-wise sort, for names of every
/// shape: common prefixes of every length up to 255, names that are
/// prefixes of each other, equal names, every byte value but NUL.
@Suite struct LargeSortPropertyTests {
  /// Random names sharing a prefix of `shared` bytes.
  static func names(
    count: Int, shared: Int, _ random: inout SeededRandom
  ) -> [[UInt8]] {
    let prefix = (0..<shared).map { _ in UInt8.random(in: 1...255, using: &random) }
    var names: [[UInt8]] = []
    for _ in 0..<count {
      var name = prefix
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        // A few bytes from a small alphabet: many equal names and prefixes.
        name += (0..<Int.random(in: 0...3, using: &random)).map { _ in
          UInt8.random(in: 97...99, using: &random)
        }
      case 1:
        // Long tails that differ only late.
        name += [UInt8](repeating: 120, count: Int.random(in: 0...40, using: &random))
        name.append(UInt8.random(in: 1...255, using: &random))
      default:
        name += (0..<Int.random(in: 0...20, using: &random)).map { _ in
          UInt8.random(in: 1...255, using: &random)
        }
      }
      if name.isEmpty { name = [1] }
      names.append(Array(name.prefix(255)))
    }
    return names
  }

  static func list(_ names: [[UInt8]]) -> EntryList {
    var list = EntryList()
    for (index, name) in names.enumerated() {
      _ = try? list.append(name: name, kind: index % 2 == 0 ? .regularFile : .directory)
    }
    return list
  }

  static func expected(_ names: [[UInt8]], reversed: Bool) -> [[UInt8]] {
    let sorted = names.sorted { byteWiseOrder($0, $1) < 0 }
    return reversed ? sorted.reversed() : sorted
  }

  /// Negative when `first` sorts before `second` byte-wise, as memcmp.
  static func byteWiseOrder(_ first: [UInt8], _ second: [UInt8]) -> Int {
    // memcmp, not lexicographicallyPrecedes: names sharing 254 bytes made
    // the unoptimized test build spend a second a sort.
    let order = Int(memcmp(first, second, min(first.count, second.count)))
    return order != 0 ? order : first.count - second.count
  }

  /// Expects `sorted` to be `expected`, reporting the first position where
  /// they differ, not both lists (thousands of long names each).
  static func expectSameOrder(
    _ sorted: [[UInt8]], _ expected: [[UInt8]], _ context: String
  ) {
    let firstDifference = zip(sorted, expected).enumerated().first { $1.0 != $1.1 }?.offset
    #expect(
      sorted.count == expected.count && firstDifference == nil,
      "\(context): first difference at \(firstDifference ?? -1)")
  }

  /// Every common prefix length a name allows (a 255-byte name shares at
  /// most 254 with a different one): those next to the key words' edges
  /// in both directions, the others in one, odd lengths reversed.
  @Test(arguments: 0...254)
  func nameSortMatchesAByteWiseSort(shared: Int) {
    var random = SeededRandom()
    let edges: Set = [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 254]
    let directions = edges.contains(shared) ? [false, true] : [shared % 2 == 1]
    for reversed in directions {
      let names = Self.names(
        count: NameSort.threshold + Int.random(in: 0...600, using: &random), shared: shared,
        &random)
      Self.expectByteWiseOrder(names, key: .name, reversed: reversed, random)
    }
  }

  /// Expects `names` sorted by `key` in byte-wise name order.
  static func expectByteWiseOrder(
    _ names: [[UInt8]], key: SortKey, reversed: Bool, _ random: SeededRandom
  ) {
    var list = list(names)
    EntryOrder(key: key, isReversed: reversed).sort(&list)
    let sorted = list.entries.map { Array(list.name(of: $0)) }
    expectSameOrder(sorted, expected(names, reversed: reversed), "\(random)")
  }

  /// A key every entry ties on (`-S` over files of one size): the name
  /// decides each comparison (``compareNames``), over prefixes ending on
  /// either side of each of its words' edges.
  @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 40])
  func tiedKeysSortByteWiseByName(shared: Int) {
    var random = SeededRandom()
    for reversed in [false, true] {
      let names = Self.names(count: 3000, shared: shared, &random)
      Self.expectByteWiseOrder(names, key: .size, reversed: reversed, random)
    }
  }

  /// Sizes and times sorted in two passes sort as one sort by ls's whole comparison.
  ///
  /// That comparison: directories first when asked, the value (largest or
  /// newest first), the exact time where 64 bits of nanoseconds saturate,
  /// then the name; `-r` reverses all but the grouping. Few values make
  /// long runs of ties, which the radix name sort orders; distinct values
  /// make runs of one or two.
  @Test(arguments: [SortKey.size, .time], [1, 3, 1000])
  func valueSortMatchesOneSortByTheWholeComparison(key: SortKey, valueCount: Int) {
    var random = SeededRandom()
    for shared in [0, 8, 12, 30] {
      for (reversed, directoriesFirst) in [
        (false, false), (true, false), (false, true), (true, true),
      ] {
        let rows = Self.valuedRows(count: 5000, shared: shared, values: valueCount, &random)
        var list = EntryList()
        for row in rows {
          _ = try? list.append(
            name: row.name, status: Self.status(size: row.value, modified: row.time),
            kind: row.isDirectory ? .directory : .regularFile)
        }
        var order = EntryOrder(key: key, isReversed: reversed)
        order.groupsDirectoriesFirst = directoriesFirst
        order.sort(&list)
        let expected = rows.sorted { a, b in
          if directoriesFirst && a.isDirectory != b.isDirectory { return a.isDirectory }
          let (x, y) = key == .size ? (a.value, b.value) : (a.time.seconds, b.time.seconds)
          let order = x != y ? (x > y ? -1 : 1) : Self.byteWiseOrder(a.name, b.name)
          return reversed ? order > 0 : order < 0
        }
        Self.expectSameOrder(
          list.entries.map { Array(list.name(of: $0)) }, expected.map(\.name),
          "shared \(shared), -r \(reversed), directories first \(directoriesFirst), \(random)")
      }
    }
  }

  /// Random names sharing `shared` bytes, each with one of `values` values
  /// as its size and its time: a tenth of the times lie past what 64 bits
  /// of nanoseconds hold, either way, so that their sort values saturate.
  static func valuedRows(
    count: Int, shared: Int, values: Int, _ random: inout SeededRandom
  ) -> [(name: [UInt8], isDirectory: Bool, value: Int64, time: Timestamp)] {
    names(count: count, shared: shared, &random).map { name in
      let value = Int64.random(in: 0..<Int64(values), using: &random)
      let seconds: Int64 =
        switch Int.random(in: 0..<20, using: &random) {
        case 0: .max / 4 + value
        case 1: .min / 4 - value
        default: 1_700_000_000 + value
        }
      return (name, Bool.random(using: &random), value, Timestamp(seconds: seconds, nanoseconds: 0))
    }
  }

  /// A regular file's status with `size` and modification time `modified`.
  static func status(size: Int64, modified: Timestamp) -> FileStatus {
    FileStatus(
      size: size, linkCount: 1, device: 1, inode: 1, deviceNumber: 0, blocks: 0,
      accessTime: modified, modificationTime: modified, changeTime: modified, birthTime: nil,
      mode: FileMode(rawValue: 0o100644), userID: 0, groupID: 0)
  }

  @Test(arguments: [1, 2, 3, 5, 16, 17])
  func chunksMergeIntoAByteWiseSort(chunkCount: Int) throws {
    var random = SeededRandom()
    for reversed in [false, true] {
      // The first chunk shares more than the rest, so keys are made again.
      var names = Self.names(count: 500, shared: 30, &random)
      names += Self.names(count: 2000, shared: Int.random(in: 0...20, using: &random), &random)
      names.shuffle(using: &random)
      let order = EntryOrder(key: .name, isReversed: reversed)
      var builder = ChunkMerge.Builder(isReversed: reversed)
      var start = 0
      var targetsMade = 0
      for chunk in 0..<chunkCount {
        let end = chunk == chunkCount - 1 ? names.count : start + names.count / chunkCount
        var list = Self.list(Array(names[start..<end]))
        if chunk % 3 == 1 {
          // Rows that carry more than names: never merged before the end.
          for entry in list.entries {
            list.symlinkTargets[entry.index] = Self.target(of: list, entry)
          }
          targetsMade += list.count
        }
        order.sort(&list)
        try builder.add(list, isLast: chunk == chunkCount - 1)
        start = end
      }
      let merge = builder.finish()
      var merged: [[UInt8]] = []
      var targetCount = 0
      while !merge.isExhausted {
        let block = try merge.nextBatch(maximum: Int.random(in: 1...700, using: &random))
        merged += block.entries.map { Array(block.name(of: $0)) }
        for (position, entry) in block.entries.enumerated() {
          #expect(entry.index == UInt32(position))
          if let target = block.symlinkTargets[entry.index] {
            #expect(target == Self.target(of: block, entry))
          }
        }
        targetCount += block.symlinkTargets.count
      }
      #expect(merged == Self.expected(names, reversed: reversed), "\(random)")
      #expect(targetCount == targetsMade)
    }
  }

  /// A stand-in symlink target, made from the name so that a merge that
  /// mixed up rows would show.
  static func target(of list: EntryList, _ entry: Entry) -> [UInt8] {
    Array(list.name(of: entry).reversed()) + [UInt8(ascii: "@")]
  }
}

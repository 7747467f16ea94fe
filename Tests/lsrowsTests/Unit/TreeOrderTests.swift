import Glibc
import Testing

@testable import lsrows

/// The whole-tree order three ways: ``TreeOrder`` on rows, the top N of
/// ``TreeRows``' heap, and ``SortKeyBytes`` compared with memcmp (the
/// order ``ExternalSort`` merges runs in) must agree on every pair.
@Suite struct TreeOrderTests {
  /// Rows with random names, sizes, times and kinds (the values tie often)
  /// in a few directories.
  static func rows(_ random: inout SeededRandom, count: Int) -> [FileRow] {
    var rows: [FileRow] = []
    for directory in 0..<4 {
      var list = EntryList()
      let prefix = Array("top/".utf8) + [0xFF, UInt8(ascii: "0") + UInt8(directory), 0x2F]
      for _ in 0..<count / 4 {
        let name =
          [UInt8(ascii: "a"), UInt8(ascii: "B"), 0xC3, 0xFF, 0x0A, UInt8(ascii: "/") + 1]
          .shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
        let kind: FileKind = Bool.random(using: &random) ? .directory : .regularFile
        let time = Timestamp(
          seconds: Int64.random(in: -2...2, using: &random),
          nanoseconds: Int32.random(in: 0...1, using: &random))
        let status = FileStatus(
          size: Int64.random(in: -1...3, using: &random) * 1000, linkCount: 1, device: 1,
          inode: 1, deviceNumber: 0, blocks: 0, accessTime: time, modificationTime: time,
          changeTime: time, birthTime: nil,
          mode: FileMode(rawValue: kind == .directory ? 0o040755 : 0o100644), userID: 0,
          groupID: 0)
        try? list.append(
          name: Array(name), status: Bool.random(using: &random) ? status : nil, kind: kind)
      }
      let listing = Listing(
        list, at: RowLocation(pathPrefix: prefix, displayStart: 0, depth: 2),
        returnsStorage: false)
      rows += listing.rows
    }
    return rows
  }

  static let orders: [TreeOrder] = [
    TreeOrder(
      keys: [SortField(field: .size, descending: true)], isReversed: false,
      groupsDirectoriesFirst: false),
    TreeOrder(
      keys: [
        SortField(field: .mtime, descending: false), SortField(field: .name, descending: true),
      ],
      isReversed: true, groupsDirectoriesFirst: false),
    TreeOrder(
      keys: [SortField(field: .type, descending: false)], isReversed: false,
      groupsDirectoriesFirst: true),
    TreeOrder(
      keys: [SortField(field: .name, descending: false)], isReversed: false,
      groupsDirectoriesFirst: false),
  ]

  @Test(arguments: 0..<orders.count)
  func keyBytesOrderAsTheOrderDoes(orderIndex: Int) {
    let order = Self.orders[orderIndex]
    var random = SeededRandom()
    let rows = Self.rows(&random, count: 200)
    let reader = FieldReader(accounts: AccountNames())
    let values = rows.map { row in
      var values: [SortValue?] = []
      SortValue.append(of: row, keys: order.keys, reader: reader, to: &values)
      return values
    }
    let keys = rows.indices.map { index in
      var key: [UInt8] = []
      values[index].withUnsafeBufferPointer { values in
        SortKeyBytes.append(rows[index], values: values, order: order, to: &key)
      }
      return key
    }
    var disagreements = 0
    for a in rows.indices {
      for b in rows.indices {
        let byRows = values[a].withUnsafeBufferPointer { valuesA in
          values[b].withUnsafeBufferPointer { valuesB in
            order.compare(rows[a], valuesA, rows[b], valuesB).signum()
          }
        }
        var byKeys = keys[a].withUnsafeBufferPointer { keyA in
          keys[b].withUnsafeBufferPointer { keyB in
            ExternalSort.compare(keyA.baseAddress!, keyA.count, keyB.baseAddress!, keyB.count)
          }
        }
        if order.isReversed { byKeys = -byKeys }
        if byRows != byKeys { disagreements += 1 }
      }
    }
    #expect(disagreements == 0, "\(random)")
  }

  @Test(arguments: 0..<orders.count)
  func theHeapKeepsTheHeadOfTheFullOrder(orderIndex: Int) throws {
    let order = Self.orders[orderIndex]
    var random = SeededRandom()
    let rows = Self.rows(&random, count: 300)
    func sorted(limit: Int) throws -> [[UInt8]] {
      var tree = TreeRows(order: order, reader: FieldReader(accounts: AccountNames()), limit: limit)
      for row in rows { try tree.add(row) }
      return tree.sorted().map { $0.path }
    }
    // A limit above the count holds every row: the full order.
    let full = try sorted(limit: rows.count + 1)
    #expect(full.count == rows.count)
    for limit in [0, 1, 2, 17, 299, 300, 1000] {
      #expect(try sorted(limit: limit) == Array(full.prefix(limit)), "\(limit), \(random)")
    }
  }

  /// In-process: any budget, any number of runs, the same order as an
  /// in-memory sort of the keys.
  @Test(arguments: [64 << 10, 1 << 30])
  func externalSortMergesRunsInKeyOrder(budget: Int) throws {
    var random = SeededRandom()
    for reversed in [false, true] {
      let sort = ExternalSort(budget: budget, isReversed: reversed)
      var records: [([UInt8], [UInt8])] = []
      for number in 0..<20_000 {
        let key =
          (0..<Int.random(in: 0...12, using: &random)).map { _ in
            UInt8.random(in: 0...3, using: &random)
          } + Array("\(number)".utf8)
        let row = Array("row \(number)".utf8)
        records.append((key, row))
        try sort.add(key: key, row: row)
      }
      var out: [[UInt8]] = []
      try sort.finish { out.append(Array($0)) }
      let expected = records.sorted { a, b in
        reversed ? b.0.lexicographicallyPrecedes(a.0) : a.0.lexicographicallyPrecedes(b.0)
      }.map(\.1)
      #expect(out == expected, "budget \(budget) reversed \(reversed), \(random)")
    }
  }
}

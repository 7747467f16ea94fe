import Testing

@testable import lsrows

@Suite struct EntryOrderTests {
  func sorted(_ names: [[UInt8]], _ key: SortKey = .name, reversed: Bool = false) -> [[UInt8]] {
    var list = EntryList()
    // A few names cannot exhaust memory; if they did, the sort tests fail.
    for name in names { try? list.append(name: name, kind: .regularFile, inode: 0) }
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

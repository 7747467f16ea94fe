import Testing

@testable import lsrows

@Suite struct ListingTests {
  func makeListing(_ entries: [(String, FileKind)]) -> Listing {
    var list = EntryList()
    // A few names cannot exhaust memory; if they did, the tests fail.
    for (name, kind) in entries { _ = try? list.append(name: bytes(name), kind: kind) }
    return Listing(list, at: .operands)
  }

  @Test func firstEnterableSkipsFilesAndDotDirectories() {
    let listing = makeListing([
      ("a", .regularFile), (".", .directory), ("..", .directory), ("..b", .directory),
      ("link", .symbolicLink), (".c", .directory),
    ])
    #expect(listing.firstEnterable(from: 0) == 3)
    #expect(listing.firstEnterable(from: 3) == 3)
    #expect(listing.firstEnterable(from: 4) == 5)
  }

  @Test func firstEnterableIsNilPastTheLastDirectory() {
    let listing = makeListing([("d", .directory), ("f", .regularFile), ("..", .directory)])
    #expect(listing.firstEnterable(from: 1) == nil)
    #expect(listing.firstEnterable(from: 3) == nil)
    #expect(makeListing([]).firstEnterable(from: 0) == nil)
  }
}

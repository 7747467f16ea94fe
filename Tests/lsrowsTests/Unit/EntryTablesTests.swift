import Testing

@testable import lsrows

@Suite struct EntryTablesTests {
  @Test func aListMakesNoTablesUntilOneGetsAnElement() {
    var list = EntryList()
    #expect(list.tables == nil)
    list.symlinkTargets = [:]
    list.entryCounts = [:]
    #expect(list.tables == nil)
    list.entryCounts[0] = 3
    #expect(list.tables != nil)
    #expect(list.entryCounts == [0: 3])
    #expect(list.symlinkTargets.isEmpty)
  }

  @Test func aCopyKeepsItsTablesWhenTheOriginalChanges() {
    var original = EntryList()
    original.symlinkTargets[1] = bytes("target")
    original.securityContexts[2] = bytes("context")
    var copy = original
    original.symlinkTargets[1] = bytes("moved")
    original.entryCounts[3] = 7
    copy.treeTotals[4] = TreeTotals()
    #expect(copy.symlinkTargets == [1: bytes("target")])
    #expect(copy.securityContexts == [2: bytes("context")])
    #expect(copy.entryCounts.isEmpty)
    #expect(original.symlinkTargets == [1: bytes("moved")])
    #expect(original.entryCounts == [3: 7])
    #expect(original.treeTotals.isEmpty)
    #expect(copy.treeTotals.count == 1)
  }

  @Test func aListChangesItsOwnTablesInPlace() {
    var list = EntryList()
    list.entryCounts[0] = 1
    // An identifier, which holds no reference: one held would make the
    // list copy its tables at the next change.
    let tables = list.tables.map(ObjectIdentifier.init)
    list.entryCounts[1] = 2
    list.securityContexts[0] = bytes("label")
    #expect(list.tables.map(ObjectIdentifier.init) == tables)
    #expect(list.entryCounts == [0: 1, 1: 2])
    list.removeAll()
    #expect(list.tables == nil)
    #expect(list.entryCounts.isEmpty)
  }
}

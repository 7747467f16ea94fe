import RowCore
import Testing

@Suite struct RowStoreTests {
  struct Header { var columns: [String] }
  struct Planet {
    var name: String
    var moons: Int
  }

  @Test func rowsOfDifferentTypesEachWithTheirOwnClosure() {
    var store = RowStore()
    store.append(Header(columns: ["name", "moons"])) { cell, header in
      cell.append(header.columns.joined(separator: "\t"))
    }
    store.append(contentsOf: [Planet(name: "Mars", moons: 2), Planet(name: "Venus", moons: 0)]) {
      cell, planet in cell.append("\(planet.name)\t\(planet.moons)")
    }
    store.append(2) { cell, total in cell.append("total\t\(total)") }
    #expect(store.count == 4)
    #expect(render(store) == Array("name\tmoons\nMars\t2\nVenus\t0\ntotal\t2\n".utf8))
    #expect(store.cell(at: 0).string == "name\tmoons")
    #expect(store.cell(at: 2).string == "Venus\t0")
    #expect(store.cell(at: 3).string == "total\t2")
  }

  @Test func runsOfTheSameTypeKeepTheirOwnClosures() {
    var store = RowStore()
    store.append(contentsOf: [1, 2]) { cell, n in cell.append("a\(n)") }
    store.append(contentsOf: [3]) { cell, n in cell.append("b\(n)") }
    store.append(contentsOf: [4, 5]) { cell, n in cell.append("a\(n)") }
    #expect(render(store) == Array("a1\na2\nb3\na4\na5\n".utf8))
  }

  @Test func appendingNothingAddsNoRows() {
    var store = RowStore()
    store.append(contentsOf: [Int]()) { cell, _ in cell.append("never") }
    store.append("x") { cell, s in cell.append(s) }
    #expect(store.count == 1)
    #expect(render(store) == Array("x\n".utf8))
  }

  @Test func removeAllEmptiesTheStoreForNewRows() {
    var store = RowStore([1, 2, 3]) { cell, n in cell.append("\(n)") }
    store.removeAll(keepingCapacity: true)
    #expect(store.isEmpty)
    store.append("new") { cell, s in cell.append(s) }
    #expect(render(store) == Array("new\n".utf8))
  }

  @Test func aCopyIsIndependent() {
    var store = RowStore(["a"]) { cell, s in cell.append(s) }
    let copy = store
    store.append("b") { cell, s in cell.append(s) }
    #expect(copy.count == 1)
    #expect(store.count == 2)
  }

  @Test func anySequenceFillsAStore() {
    let store = RowStore(stride(from: 3, through: 1, by: -1)) { cell, n in cell.append("\(n)") }
    #expect(render(store) == Array("3\n2\n1\n".utf8))
  }
}

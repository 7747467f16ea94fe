import RowCore
import Testing

@Suite struct CellTests {
  @Test func startsEmpty() {
    #expect(Cell().text.isEmpty)
    #expect(Cell().string == "")
  }

  @Test func carriesBytesThatAreNotUTF8() {
    var cell = Cell("name-")
    cell.append([0xFF, 0xFE, 0x0A, 0x1B])
    #expect(cell.text == Array("name-".utf8) + [0xFF, 0xFE, 0x0A, 0x1B])
    #expect(cell.string == nil)
  }

  @Test func stringConvenienceIsUTF8() {
    var cell = Cell()
    cell.append("é")
    cell.append(byte: 0x21)
    #expect(cell.text == [0xC3, 0xA9, 0x21])
    #expect(cell.string == "é!")
  }

  @Test func removeAllEmptiesTheText() {
    var cell = Cell(text: [1, 2, 3])
    cell.removeAll()
    #expect(cell.text.isEmpty)
  }

  @Test func equalityComparesTheText() {
    var lent = Cell("ab")
    lent.appending { $0.append(UInt8(ascii: "c")) }
    #expect(lent == Cell("abc"))
    #expect(lent != Cell("ab"))
  }
}

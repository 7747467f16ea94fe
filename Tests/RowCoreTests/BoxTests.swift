import RowCore
import Testing

@Suite struct BoxTests {
  @Test func holdsItsValue() {
    #expect(Box(42).unbox == 42)
    #expect(Box("row").unbox == "row")
    #expect(Box([UInt8]([0xFF, 0x00])).unbox == [0xFF, 0x00])
  }

  @Test func boxesOfDifferentTypesAreOneReferenceWide() {
    struct Wide { var values = (1, 2, 3, 4, 5, 6, 7, 8) }
    let items: [Any] = [Box(1), Box(Wide())]
    #expect(MemoryLayout.size(ofValue: Box(Wide())) == MemoryLayout<Int>.size)
    #expect(items[1] is Box<Wide>)
    #expect(!(items[0] is Box<Wide>))
  }
}

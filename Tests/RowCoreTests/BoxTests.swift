import RowCore
import Testing

@Suite struct BoxTests {
  @Test func holdsItsValue() {
    #expect(Box(42).unbox == 42)
    #expect(Box("row").unbox == "row")
    #expect(Box([UInt8]([0xFF, 0x00])).unbox == [0xFF, 0x00])
  }

  @Test func aBoxIsAReferenceSoEveryCopySharesOneValue() {
    final class Counter { var count = 0 }
    let box = Box(Counter())
    let copies: [Any] = [box, box]
    (copies[0] as? Box<Counter>)?.unbox.count += 1
    #expect((copies[1] as? Box<Counter>)?.unbox.count == 1)
  }

  @Test func aBoxKeepsItsTypeThroughAny() {
    struct Wide { var values = (1, 2, 3, 4, 5, 6, 7, 8) }
    let items: [Any] = [Box(1), Box(Wide())]
    #expect(items[1] is Box<Wide>)
    #expect(!(items[0] is Box<Wide>))
    #expect((items[0] as? Box<Int>)?.unbox == 1)
  }

  @Test func aBoxOfASendableValueCrossesThreads() async {
    let box = Box([1, 2, 3])
    let sum = await Task.detached { box.unbox.reduce(0, +) }.value
    #expect(sum == 6)
  }
}

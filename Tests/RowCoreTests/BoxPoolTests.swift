import Testing

@testable import RowCore

@Suite struct BoxPoolTests {
  final class Token {}

  @Test func aStreamingWriteKeepsNoRowAlive() {
    var writer = RowWriter(sink: CollectingSink(), rowsPerStore: 4)
    weak var first: Token?
    weak var last: Token?
    do {
      let tokens = (0..<10).map { _ in Token() }
      first = tokens[0]
      last = tokens[9]
      writer.write(tokens) { cell, _ in cell.append("t") }
    }
    #expect(first == nil)
    #expect(last == nil)
    #expect(writer.boxes.boxes.count == 4)
  }

  @Test func aStreamingWriteMovesEachItemOutOfItsBoxForItsRow() {
    final class Counter { var freed = 0 }
    final class Counted {
      let counter: Counter
      init(_ counter: Counter) { self.counter = counter }
      deinit { counter.freed += 1 }
    }
    let counter = Counter()
    var writer = RowWriter(sink: CollectingSink(), rowsPerStore: 8)
    var freedBeforeRow: [Int] = []
    writer.write((0..<4).lazy.map { _ in Counted(counter) }) { cell, _ in
      freedBeforeRow.append(counter.freed)
      cell.append("c")
    }
    // Each item goes with its row, not with the store of eight.
    #expect(freedBeforeRow == [0, 1, 2, 3])
    #expect(counter.freed == 4)
  }

  @Test func boxesAreTakenAgainByTheNextWriteOfTheSameType() {
    var writer = RowWriter(sink: CollectingSink())
    writer.write([1, 2, 3]) { cell, n in cell.append("\(n)") }
    let pooled = writer.boxes.boxes.map(ObjectIdentifier.init)
    #expect(pooled.count == 3)
    writer.write([4, 5]) { cell, n in cell.append("\(n)") }
    // Two were taken and given back: the pool made no box.
    #expect(Set(writer.boxes.boxes.map(ObjectIdentifier.init)) == Set(pooled))
    writer.flush()
    #expect(writer.sink.bytes == Array("1\n2\n3\n4\n5\n".utf8))
  }

  @Test func aWriteOfAnotherTypeStartsAnotherPool() {
    var writer = RowWriter(sink: CollectingSink())
    writer.write([1, 2]) { cell, n in cell.append("\(n)") }
    writer.write(["a"]) { cell, s in cell.append(s) }
    #expect(writer.boxes.boxes.count == 1)
    #expect(writer.boxes.boxes.allSatisfy { $0 is Box<String> })
    writer.write([3, 4, 5]) { cell, n in cell.append("\(n)") }
    writer.flush()
    #expect(writer.sink.bytes == Array("1\n2\na\n3\n4\n5\n".utf8))
  }

  @Test func aFailedWriteStillEmptiesItsBoxes() {
    var writer = RowWriter(sink: FailingSink(), chunkSize: 1, rowsPerStore: 8)
    weak var first: Token?
    weak var unwritten: Token?
    do {
      let tokens = (0..<5).map { _ in Token() }
      first = tokens[0]
      // The sink fails after the first row: the others stay in their boxes
      // until the write empties them.
      unwritten = tokens[4]
      #expect(throws: FailingSink.Failure()) {
        try writer.write(tokens) { cell, _ in cell.append("t") }
      }
    }
    #expect(first == nil)
    #expect(unwritten == nil)
    #expect(writer.boxes.boxes.count == 5)
  }

  @Test func aLongerWriteAddsBoxesAndAShorterOneLeavesTheRestUnread() {
    var writer = RowWriter(sink: CollectingSink())
    writer.write([1, 2]) { cell, n in cell.append("\(n)") }
    writer.write([3, 4, 5, 6]) { cell, n in cell.append("\(n)") }
    #expect(writer.boxes.boxes.count == 4)
    writer.write([7]) { cell, n in cell.append("\(n)") }
    writer.flush()
    #expect(writer.sink.bytes == Array("1\n2\n3\n4\n5\n6\n7\n".utf8))
  }
}

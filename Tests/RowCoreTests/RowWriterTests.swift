import RowCore
import Testing

@Suite struct RowWriterTests {
  @Test func nulTerminatorEndsEveryRow() throws {
    let store = rows([Array("a\nb".utf8), Array("c".utf8)]) { cell, name in cell.append(name) }
    #expect(try render(store, terminator: .nul) == Array("a\nb\0c\0".utf8))
  }

  @Test func emptyCellsStillGetTheirTerminator() throws {
    let store = rows(["", "", ""]) { cell, text in cell.append(text) }
    #expect(try render(store) == Array("\n\n\n".utf8))
  }

  @Test func writesInChunksNotRows() throws {
    let store = rows(Array(0..<1000)) { cell, _ in cell.append("0123456789") }
    var writer = RowWriter(sink: CollectingSink(), chunkSize: 4096)
    try writer.write(store)
    try writer.flush()
    #expect(writer.sink.bytes.count == 11_000)
    #expect(writer.sink.chunkSizes.count == 3)
    #expect(writer.sink.chunkSizes.dropLast().allSatisfy { $0 >= 4096 })
  }

  @Test func nothingIsWrittenBeforeFlushWhileUnderTheChunkSize() throws {
    var writer = RowWriter(sink: CollectingSink(), chunkSize: 1024)
    try writer.write(rows(["short"]) { cell, text in cell.append(text) })
    #expect(writer.sink.bytes.isEmpty)
    try writer.flush()
    #expect(writer.sink.bytes == Array("short\n".utf8))
  }

  @Test func severalStoresShareOneStream() throws {
    var writer = RowWriter(sink: CollectingSink())
    try writer.write(rows([1, 2]) { cell, n in cell.append("n\(n)") })
    try writer.write(rows(["x"]) { cell, s in cell.append(s) })
    try writer.flush()
    #expect(writer.sink.bytes == Array("n1\nn2\nx\n".utf8))
  }

  @Test func aSinkErrorStopsTheWriteAndDropsTheBuffer() throws {
    var writer = RowWriter(sink: FailingSink(), chunkSize: 8)
    let store = rows(Array(0..<100)) { cell, _ in cell.append("row") }
    #expect(throws: FailingSink.Failure()) { try writer.write(store) }
    #expect(writer.sink.attempts == 1)
    // The failed chunk is not retried by a later flush.
    try writer.flush()
    #expect(writer.sink.attempts == 1)
  }
}

import RowCore
import Testing

@Suite struct RowWriterTests {
  @Test func nulTerminatorEndsEveryRow() {
    let store = rows([Array("a\nb".utf8), Array("c".utf8)]) { cell, name in cell.append(name) }
    #expect(render(store, terminator: .nul) == Array("a\nb\0c\0".utf8))
  }

  @Test func emptyCellsStillGetTheirTerminator() {
    let store = rows(["", "", ""]) { cell, text in cell.append(text) }
    #expect(render(store) == Array("\n\n\n".utf8))
  }

  @Test func writesInChunksNotRows() {
    let store = rows(Array(0..<1000)) { cell, _ in cell.append("0123456789") }
    var writer = RowWriter(sink: CollectingSink(), chunkSize: 4096)
    writer.write(store)
    writer.flush()
    #expect(writer.sink.bytes.count == 11_000)
    #expect(writer.sink.chunkSizes.count == 3)
    #expect(writer.sink.chunkSizes.dropLast().allSatisfy { $0 >= 4096 })
  }

  /// Bytes rendered elsewhere follow the rows before them: a large piece
  /// as a chunk of its own, small ones gathered into the buffer.
  @Test func renderedBytesFollowTheRowsBefore() {
    var writer = RowWriter(sink: CollectingSink(), chunkSize: 4096)
    writer.write(rows(["a", "b"]) { cell, s in cell.append(s) })
    let large = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
    large.withUnsafeBytes { writer.write(rendered: $0) }
    Array("small\n".utf8).withUnsafeBytes { writer.write(rendered: $0) }
    Array("tiny\n".utf8).withUnsafeBytes { writer.write(rendered: $0) }
    writer.flush()
    #expect(writer.sink.bytes == Array("a\nb\n".utf8) + large + Array("small\ntiny\n".utf8))
    #expect(writer.sink.chunkSizes == [4, 1000, 11])
  }

  /// Rows longer than a chunk, and rows of every length around the
  /// buffer's growth steps, come out whole and in order.
  @Test(arguments: [1, 4095, 4096, 4097, 10_000])
  func rowsOfAnyLengthComeOutWhole(length: Int) {
    let texts = (0..<7).map { index in
      Array(repeating: UInt8(ascii: "a") + UInt8(index), count: length + index)
    }
    var writer = RowWriter(sink: CollectingSink(), chunkSize: 4096)
    writer.write(rows(texts) { cell, text in cell.append(text) })
    writer.write(bytes: Array("end".utf8))
    writer.flush()
    #expect(writer.sink.bytes == texts.flatMap { $0 + [10] } + Array("end".utf8))
    #expect(writer.sink.chunkSizes.dropLast().allSatisfy { $0 >= 4096 })
  }

  /// A row's cell is made in the writer's buffer, after the rows before
  /// it: whatever its closure does to the cell touches its own row alone.
  @Test func aCellSeesOnlyItsOwnRow() {
    var seen: [[UInt8]] = []
    let store = rows(["a", "b", "c"]) { cell, text in
      seen.append(cell.text)
      cell.append("junk")
      cell.removeAll()
      cell.append(text)
      if text == "b" { cell.text = Array("B!".utf8) }
      seen.append(Array(cell.string!.utf8))
    }
    #expect(render(store) == Array("a\nB!\nc\n".utf8))
    #expect(seen == [[], Array("a".utf8), [], Array("B!".utf8), [], Array("c".utf8)])
  }

  @Test func appendingLendsTheBufferToAppendTo() {
    let store = rows(["xy", "z"]) { cell, text in
      cell.appending { bytes in
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "0") + UInt8(bytes.count - start))
      }
    }
    #expect(render(store) == Array("xy2\nz1\n".utf8))
  }

  @Test func nothingIsWrittenBeforeFlushWhileUnderTheChunkSize() {
    var writer = RowWriter(sink: CollectingSink(), chunkSize: 1024)
    writer.write(rows(["short"]) { cell, text in cell.append(text) })
    #expect(writer.sink.bytes.isEmpty)
    writer.flush()
    #expect(writer.sink.bytes == Array("short\n".utf8))
  }

  @Test func severalStoresShareOneStream() {
    var writer = RowWriter(sink: CollectingSink())
    writer.write(rows([1, 2]) { cell, n in cell.append("n\(n)") })
    writer.write(rows(["x"]) { cell, s in cell.append(s) })
    writer.flush()
    #expect(writer.sink.bytes == Array("n1\nn2\nx\n".utf8))
  }

  @Test func aSinkErrorStopsTheWriteAndDropsTheBuffer() {
    var writer = RowWriter(sink: FailingSink(), chunkSize: 8)
    let store = rows(Array(0..<100)) { cell, _ in cell.append("row") }
    #expect(throws: FailingSink.Failure()) { try writer.write(store) }
    #expect(writer.sink.attempts == 1)
    // The failed chunk is not retried by a later flush.
    #expect(throws: Never.self) { try writer.flush() }
    #expect(writer.sink.attempts == 1)
  }

  @Test(arguments: [0, 1, 2, 3, 5, 10, 4097])
  func streamingWritesEveryItemOfASequence(count: Int) {
    var writer = RowWriter(sink: CollectingSink(), rowsPerStore: 4)
    writer.write((0..<count).lazy.map { $0 * 2 }) { cell, n in cell.append("\(n)") }
    writer.flush()
    #expect(writer.sink.bytes == Array((0..<count).map { "\($0 * 2)\n" }.joined().utf8))
  }

  /// A streaming write boxes a store's worth of items, writes them, then
  /// reads more: it never holds the whole sequence.
  @Test func streamingReadsTheSequenceAStoreAtATime() {
    final class Counter { var pulled = 0 }
    struct Counted: Sequence, IteratorProtocol {
      let counter: Counter
      let limit: Int
      mutating func next() -> Int? {
        guard counter.pulled < limit else { return nil }
        counter.pulled += 1
        return counter.pulled
      }
    }
    struct WatchingSink: RowSink {
      let counter: Counter
      var pulledAtEachWrite: [Int] = []
      mutating func write(_ chunk: UnsafeRawBufferPointer) {
        pulledAtEachWrite.append(counter.pulled)
      }
    }
    let counter = Counter()
    var writer = RowWriter(sink: WatchingSink(counter: counter), chunkSize: 1, rowsPerStore: 10)
    writer.write(Counted(counter: counter, limit: 35)) { cell, n in cell.append("\(n)") }
    #expect(writer.sink.pulledAtEachWrite.count == 35)
    #expect(writer.sink.pulledAtEachWrite.first == 10)
    #expect(writer.sink.pulledAtEachWrite.max() == 35)
    #expect(writer.sink.pulledAtEachWrite[10] == 20)
  }

  @Test func aSinkMayKeepEachChunkTheWriterFlushes() {
    struct KeepingSink: RowSink {
      var chunks: [[UInt8]] = []
      mutating func write(_ bytes: UnsafeRawBufferPointer) { chunks.append(Array(bytes)) }
      mutating func write(taking chunk: inout [UInt8]) {
        chunks.append(chunk)
        chunk = []
      }
    }
    var writer = RowWriter(sink: KeepingSink(), chunkSize: 10)
    let names = (0..<40).map { "row \($0)" }
    writer.write(rows(names) { cell, s in cell.append(s) })
    writer.flush()
    let chunks = writer.sink.chunks
    #expect(chunks.count > 10)
    #expect(chunks.dropLast().allSatisfy { $0.count >= 10 })
    #expect(chunks.joined().elementsEqual(names.map { $0 + "\n" }.joined().utf8))
  }

  /// A sink that keeps each chunk leaves the writer no buffer: the next
  /// one is made with room for a chunk as long as the last and a longer
  /// last row, so it is never grown (copied) on the way.
  @Test func aBufferMadeAgainAfterATakenChunkNeverGrows() {
    struct KeepingSink: RowSink {
      var capacities: [Int] = []
      mutating func write(_ bytes: UnsafeRawBufferPointer) {}
      mutating func write(taking chunk: inout [UInt8]) {
        capacities.append(chunk.capacity)
        chunk = []
      }
    }
    var writer = RowWriter(sink: KeepingSink(), chunkSize: 1000)
    // Rows of 1 to 40 bytes, so that chunks end at different lengths.
    let names = (0..<2000).map { String(repeating: "x", count: $0 * 7 % 40 + 1) }
    writer.write(rows(names) { cell, s in cell.append(s) })
    writer.flush()
    let capacities = writer.sink.capacities
    #expect(capacities.count > 20)
    // The first buffer grew from nothing; a grown one doubles past 2,000.
    #expect(capacities.dropFirst().allSatisfy { $0 < 1500 })
  }

  @Test func streamingStopsReadingAtTheFirstFailure() {
    final class Counter { var pulled = 0 }
    let counter = Counter()
    var writer = RowWriter(sink: FailingSink(), chunkSize: 1, rowsPerStore: 5)
    let items = (0..<100).lazy.map { n -> Int in
      counter.pulled += 1
      return n
    }
    #expect(throws: FailingSink.Failure()) {
      try writer.write(items) { cell, n in cell.append("\(n)") }
    }
    #expect(counter.pulled == 5)
  }

  @Test func bytesWithoutARowGoOutAsTheyAre() {
    var writer = RowWriter(sink: CollectingSink(), terminator: .nul)
    writer.write(rows(["a"]) { cell, s in cell.append(s) })
    writer.write(bytes: [0x1B, 0x5B, 0x6D])
    writer.flush()
    #expect(writer.sink.bytes == [0x61, 0x00, 0x1B, 0x5B, 0x6D])
  }
}

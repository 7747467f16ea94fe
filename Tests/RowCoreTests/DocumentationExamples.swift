import Glibc
import RowCore
import Testing

// Every example in RowCore's doc comments, as written there, each followed
// by the checks of what its comments say. DocumentationExampleTests checks
// that each example appears here unchanged.

@Suite struct DocumentationExamples {
  @Test func box() {
    do {
      let box = Box(42)
      let value = box.unbox  // 42
      #expect(value == 42)
    }
    do {
      let word = Box("row").unbox  // "row"
      #expect(word == "row")
    }
    do {
      let boxed = Box([0xFF] as [UInt8])
      let bytes = boxed.unbox  // [255]
      #expect(bytes == [255])
    }
  }

  @Test func cell() {
    do {
      var cell = Cell()
      cell.append("Cell ")
      cell.append([0xFF])
      let text = cell.text  // [67, 101, 108, 108, 32, 255]
      #expect(text == [67, 101, 108, 108, 32, 255])
    }
    do {
      let bytes = Cell("ok").text  // [111, 107]
      #expect(bytes == [111, 107])
    }
    do {
      let blank = Cell().text.isEmpty  // true
      #expect(blank)
    }
    do {
      let raw = Cell(text: [0x61, 0xFF]).text  // [97, 255]
      #expect(raw == [97, 255])
    }
    do {
      let encoded = Cell("é").text  // [195, 169]
      #expect(encoded == [195, 169])
    }
    do {
      let valid = Cell("abc").string  // "abc"
      let invalid = Cell(text: [0xFF]).string  // nil
      #expect(valid == "abc")
      #expect(invalid == nil)
    }
    do {
      var cell = Cell()
      cell.append([0x0A, 0x1B])
      let appended = cell.text  // [10, 27]
      #expect(appended == [10, 27])
    }
    do {
      var cell = Cell("a")
      cell.append("b")
      let joined = cell.string  // "ab"
      #expect(joined == "ab")
    }
    do {
      var cell = Cell("x")
      cell.append(byte: 0x21)
      let exclaimed = cell.string  // "x!"
      #expect(exclaimed == "x!")
    }
    do {
      var cell = Cell("old")
      cell.removeAll()
      let cleared = cell.text.isEmpty  // true
      #expect(cleared)
    }
    do {
      var cell = Cell("a")
      let appended = cell.appending { bytes in
        let start = bytes.count
        bytes.append(contentsOf: [0x62, 0x63])
        return bytes.count - start
      }  // 2
      let lent = cell.string  // "abc"
      #expect(appended == 2)
      #expect(lent == "abc")
    }
    do {
      let same = Cell("a") == Cell(text: [0x61])  // true
      #expect(same)
    }
  }

  @Test func fileDescriptorSink() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    do {
      let descriptor = ends[1]
      var writer = RowWriter(sink: FileDescriptorSink(descriptor: descriptor))
      try writer.write(rows(["hello"]) { cell, s in cell.append(s) })
      try writer.flush()  // "hello\n" written to the descriptor
    }
    do {
      let descriptor = ends[1]
      var sink = FileDescriptorSink(descriptor: descriptor)
      try Array("row\n".utf8).withUnsafeBytes { bytes in try sink.write(bytes) }
    }
    close(ends[1])
    #expect(readAll(ends[0]) == Array("hello\nrow\n".utf8))
    do {
      var closed = FileDescriptorSink(descriptor: -1)
      let failure = Array("x".utf8).withUnsafeBytes { bytes in
        Result { () throws(FileDescriptorSink.WriteError) in try closed.write(bytes) }
      }
      // failure is .failure(WriteError(errno: EBADF))
      #expect(throws: FileDescriptorSink.WriteError(errno: EBADF)) { try failure.get() }
    }
    do {
      let number = FileDescriptorSink.WriteError(errno: 28).errno  // 28 (ENOSPC)
      #expect(number == ENOSPC)
    }
    do {
      let full = FileDescriptorSink.WriteError(errno: ENOSPC)
      #expect(full.errno == 28)
    }
    do {
      let written = FileDescriptorSink(descriptor: 5).descriptor  // 5
      #expect(written == 5)
    }
    do {
      let standardError = FileDescriptorSink(descriptor: 2)
      let number = standardError.descriptor  // 2
      #expect(number == 2)
    }
    do {
      let output = FileDescriptorSink.standardOutput.descriptor  // 1
      #expect(output == 1)
    }
  }

  @Test func rowSink() {
    do {
      let failure = FileDescriptorSink.Failure.self  // FileDescriptorSink.WriteError.self
      #expect(ObjectIdentifier(failure) == ObjectIdentifier(FileDescriptorSink.WriteError.self))
    }
    do {
      var collector = Collector()
      Array("hi".utf8).withUnsafeBytes { collector.write($0) }
      let collected = collector.bytes  // [104, 105]
      #expect(collected == [104, 105])
    }
    do {
      var sink = Collector()
      var chunk = Array("ok".utf8)
      sink.write(taking: &chunk)
      let written = sink.bytes  // [111, 107]
      let emptied = (chunk.isEmpty, chunk.capacity >= 2)  // (true, true)
      #expect(written == [111, 107])
      #expect(emptied == (true, true))
    }
  }

  @Test func rowStore() {
    do {
      var store = RowStore()
      store.append("name\tmoons") { cell, header in cell.append(header) }
      store.append(contentsOf: [2, 0]) { cell, moons in cell.append("planet\t\(moons)") }
      let count = store.count  // 3
      let last = store.cell(at: 2).string  // "planet\t0"
      #expect(count == 3)
      #expect(last == "planet\t0")
    }
    do {
      let empty = RowStore().count  // 0
      #expect(empty == 0)
    }
    do {
      let store = RowStore([1, 2]) { cell, n in cell.append("n\(n)") }
      let second = store.cell(at: 1).string  // "n2"
      #expect(second == "n2")
    }
    do {
      let rowCount = rows(["a", "b"]) { cell, s in cell.append(s) }.count  // 2
      #expect(rowCount == 2)
    }
    do {
      let none = RowStore().isEmpty  // true
      #expect(none)
    }
    do {
      var store = RowStore()
      store.append(3.5) { cell, x in cell.append("\(x)") }
      let text = store.cell(at: 0).string  // "3.5"
      #expect(text == "3.5")
    }
    do {
      var store = RowStore()
      store.append(contentsOf: ["a", "b"]) { cell, s in cell.append(s) }
      let count = store.count  // 2
      #expect(count == 2)
    }
    do {
      var store = RowStore(["a"]) { cell, s in cell.append(s) }
      store.removeAll(keepingCapacity: true)
      let isEmpty = store.isEmpty  // true
      #expect(isEmpty)
    }
    do {
      var store = RowStore()
      store.reserveCapacity(100)
      let count = store.count  // 0
      #expect(count == 0)
    }
    do {
      let store = RowStore(["x"]) { cell, s in cell.append(s) }
      let text = store.cell(at: 0).text  // [120]
      #expect(text == [120])
    }
  }

  @Test func rowTerminator() {
    do {
      let newline = RowTerminator.newline.byte  // 10
      let nul = RowTerminator.nul.byte  // 0
      #expect(newline == 10)
      #expect(nul == 0)
    }
    do {
      let lines = RowTerminator.newline  // rows end with "\n"
      #expect(lines.byte == UInt8(ascii: "\n"))
    }
    do {
      let records = RowTerminator.nul  // rows end with "\0"
      #expect(records.byte == 0)
    }
    do {
      let byte = RowTerminator.newline.byte  // 10
      #expect(byte == 10)
    }
  }

  @Test func rowWriter() {
    do {
      var writer = RowWriter(sink: Collector())
      writer.write(rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") })
      writer.flush()
      let output = writer.sink.bytes  // Array("Cell 1\nCell 2\nCell 3\n".utf8)
      #expect(output == Array("Cell 1\nCell 2\nCell 3\n".utf8))
    }
    do {
      let writer = RowWriter(sink: Collector())
      let nothingYet = writer.sink.bytes.isEmpty  // true
      #expect(nothingYet)
    }
    do {
      var writer = RowWriter(sink: Collector())
      writer.terminator = .nul
      writer.write(rows(["a"]) { cell, s in cell.append(s) })
      writer.flush()
      let terminated = writer.sink.bytes  // [97, 0]
      #expect(terminated == [97, 0])
    }
    do {
      let writer = RowWriter(sink: Collector(), terminator: .nul, chunkSize: 4096)
      let terminator = writer.terminator  // .nul
      #expect(terminator == .nul)
    }
    do {
      var writer = RowWriter(sink: Collector())
      writer.write(rows(["a", "b"]) { cell, s in cell.append(s) })
      writer.flush()
      let output = writer.sink.bytes  // Array("a\nb\n".utf8)
      #expect(output == Array("a\nb\n".utf8))
    }
    do {
      var writer = RowWriter(sink: Collector())
      writer.write((1...3).lazy.map { $0 * 10 }) { cell, n in cell.append("\(n)") }
      writer.flush()
      let output = writer.sink.bytes  // Array("10\n20\n30\n".utf8)
      #expect(output == Array("10\n20\n30\n".utf8))
    }
    do {
      var writer = RowWriter(sink: Collector())
      writer.write(bytes: Array("end".utf8))
      writer.flush()
      let output = writer.sink.bytes  // Array("end".utf8)
      #expect(output == Array("end".utf8))
    }
    do {
      var writer = RowWriter(sink: Collector())
      writer.write(rows(["a"]) { cell, s in cell.append(s) })
      Array("b\n".utf8).withUnsafeBytes { writer.write(rendered: $0) }
      writer.flush()
      let output = writer.sink.bytes  // Array("a\nb\n".utf8)
      #expect(output == Array("a\nb\n".utf8))
    }
    do {
      var writer = RowWriter(sink: Collector())
      writer.write(rows(["x"]) { cell, s in cell.append(s) })
      let before = writer.sink.bytes.isEmpty  // true: still buffered
      writer.flush()
      let after = writer.sink.bytes  // Array("x\n".utf8)
      #expect(before)
      #expect(after == Array("x\n".utf8))
    }
  }

  @Test func rowsBuilder() {
    let store = rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") }
    let first = store.cell(at: 0).string  // "Cell 1"
    #expect(first == "Cell 1")
  }

  private func readAll(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { return bytes }
      bytes += chunk[..<count]
    }
  }
}

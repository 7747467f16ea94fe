import Glibc
import RowCore
import Testing

@Suite struct RowsTests {
  @Test func numbersConfiguredAsCells() {
    let store = rows([1, 2, 3]) { cell, number in cell.append("Cell \(number)") }
    #expect(render(store) == Array("Cell 1\nCell 2\nCell 3\n".utf8))
  }

  @Test func filesOfADirectoryConfiguredAsTheirNames() throws {
    let directory = try FixtureDirectory(names: [
      Array("gamma".utf8), Array("alpha".utf8), [0x62, 0xFF, 0x65], Array("dé".utf8),
    ])
    struct File { var name: [UInt8] }
    let files = directory.readNames().sorted { $0.lexicographicallyPrecedes($1) }.map(File.init)
    let store = rows(files) { cell, file in cell.append(file.name) }
    let expected = Array("alpha\n".utf8) + [0x62, 0xFF, 0x65, 0x0A] + Array("dé\ngamma\n".utf8)
    #expect(render(store) == expected)
  }

  @Test(arguments: [0, 1, 2, 3, 5, 10])
  func everyItemBecomesOneRowInOrder(count: Int) {
    let items = Array(0..<count)
    let store = rows(items) { cell, number in cell.append("\(number)") }
    #expect(store.count == count)
    #expect(store.isEmpty == (count == 0))
    let expected = items.map { "\($0)\n" }.joined()
    #expect(render(store) == Array(expected.utf8))
    for index in items.indices {
      #expect(store.cell(at: index).string == "\(index)")
    }
  }

  @Test func theStoreIsTypeErasedButTheClosureIsTyped() {
    struct Person {
      var name: String
      var age: Int
    }
    let store: RowStore = rows([Person(name: "Ada", age: 36)]) { cell, person in
      cell.append("\(person.name) (\(person.age))")
    }
    #expect(store.cell(at: 0).string == "Ada (36)")
  }

  @Test func configureSeesEachItemOnceAndCellsStartEmpty() {
    var seen: [String] = []
    let store = rows(["a", "b"]) { cell, item in
      #expect(cell.text.isEmpty)
      seen.append(item)
      cell.append(item)
    }
    _ = render(store)
    #expect(seen == ["a", "b"])
  }
}

/// A temporary directory with empty files, read back with readdir.
private struct FixtureDirectory {
  let path: String

  init(names: [[UInt8]]) throws {
    var template = Array("/tmp/rowcore-test.XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer {
      mkdtemp($0.baseAddress!).map { String(cString: $0) }
    }
    path = try #require(made)
    for name in names {
      let full = Array(path.utf8) + [0x2F] + name + [0]
      let fd = full.withUnsafeBufferPointer {
        $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
      }
      try #require(fd >= 0)
      close(fd)
    }
  }

  func readNames() -> [[UInt8]] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      // Read in place: the record is only as long as its name, so copying
      // the whole d_name array would read past it.
      let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
      let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
      let name = Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
      if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
    }
    // The fixture is flat, so removing its files and then itself is enough.
    for name in names {
      let full = Array(path.utf8) + [0x2F] + name + [0]
      full.withUnsafeBufferPointer {
        $0.withMemoryRebound(to: CChar.self) { _ = unlink($0.baseAddress!) }
      }
    }
    rmdir(path)
    return names
  }
}

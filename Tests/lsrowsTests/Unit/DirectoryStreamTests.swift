import Glibc
import Testing

@testable import lsrows

/// Reading a directory's records into a list, a batch of entries and names
/// at a time: every name once, each followed by its NUL, indexes in order,
/// and no more entries per read than the limit.
@Suite struct DirectoryStreamTests {
  /// Names of every length a name can have, so that batches end on the
  /// entry count and on the name bytes, with dot names and bytes that are
  /// not UTF-8 among them.
  static func makeNames() -> [[UInt8]] {
    var names: [[UInt8]] = []
    for length in 1...255 {
      var name = [UInt8](repeating: UInt8(ascii: "a") + UInt8(length % 26), count: length)
      name[0] = UInt8(ascii: "n")
      if length % 7 == 0 { name[length - 1] = 0xFF }
      names.append(name)
    }
    names += (0..<200).map { bytes("f\($0)") }
    names += [bytes(".hidden"), bytes(".x"), bytes("..dots")]
    return names
  }

  /// The names read, and how many entries the reads saw (`.` and `..` aside).
  static func read(
    _ path: String, limit: Int, hidden: HiddenEntries
  ) throws -> [[UInt8]] {
    try readCounting(path, limit: limit, hidden: hidden).names
  }

  static func readCounting(
    _ path: String, limit: Int, hidden: HiddenEntries
  ) throws -> (names: [[UInt8]], seen: Int) {
    let stream = try DirectoryStream(opening: path)
    var names: [[UInt8]] = []
    var ended = false
    var seen = 0
    while !ended {
      var list = EntryList()
      ended = try stream.read(into: &list, limit: limit, keeping: hidden, seen: &seen)
      #expect(list.count <= limit)
      for (position, entry) in list.entries.enumerated() {
        #expect(entry.index == UInt32(position))
        #expect(list.names[Int(entry.nameOffset + entry.nameLength)] == 0)
        let name = Array(list.name(of: entry))
        #expect(entry.namePrefix == name.withUnsafeBufferPointer { Entry.prefix(of: $0) })
        names.append(name)
      }
    }
    return (names, seen)
  }

  @Test(arguments: [1, 7, 32, 33, 1000, Int.max])
  func readsEveryNameOnce(limit: Int) throws {
    let root = TemporaryDirectory()
    let names = Self.makeNames()
    for name in names { root.file(name) }
    let sorted = { (names: [[UInt8]]) in names.sorted { $0.lexicographicallyPrecedes($1) } }
    let visible = try Self.read(root.path, limit: limit, hidden: .none)
    #expect(sorted(visible) == sorted(names.filter { $0.first != UInt8(ascii: ".") }))
    let almostAll = try Self.read(root.path, limit: limit, hidden: .almostAll)
    #expect(sorted(almostAll) == sorted(names))
    let all = try Self.read(root.path, limit: limit, hidden: .all)
    #expect(sorted(all) == sorted(names + [bytes("."), bytes("..")]))
    // Every entry counts, hidden or not, but `.` and `..`.
    for hidden in [HiddenEntries.none, .almostAll, .all] {
      #expect(try Self.readCounting(root.path, limit: .max, hidden: hidden).seen == names.count)
    }
    #expect(try DirectoryStream(opening: root.path).countEntries() == names.count)
  }

  /// The names a stream has left to read, sorted.
  static func remainingNames(of stream: DirectoryStream) throws -> [[UInt8]] {
    var list = EntryList()
    var seen = 0
    _ = try stream.read(into: &list, keeping: .none, seen: &seen)
    return list.entries.map { Array(list.name(of: $0)) }.sorted {
      $0.lexicographicallyPrecedes($1)
    }
  }

  /// Whether `descriptor` still holds the directory `identity` names: a
  /// descriptor closed and taken again by another test's thread holds
  /// something else, so this does not depend on what runs alongside.
  static func stillHolds(_ descriptor: CInt, _ identity: (dev_t, ino_t)) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    return (status.st_dev, status.st_ino) == identity
  }

  /// One stream reads directory after directory (as the prefetch does),
  /// each whole and only its own names, closing each before the next; a
  /// directory that cannot be opened leaves it with none.
  @Test func reusedStreamReadsEachDirectoryInTurn() throws {
    let root = TemporaryDirectory()
    let directories = (0..<50).map { number in
      let directory = root.directory("d\(number)")
      for file in 0..<(number % 7) { root.file("d\(number)/f\(number)-\(file)") }
      return (path: directory, names: (0..<(number % 7)).map { bytes("f\(number)-\($0)") })
    }
    let buffer = UnsafeMutableRawPointer.allocate(
      byteCount: DirectoryStream.bufferSize, alignment: 8)
    defer { buffer.deallocate() }
    let stream = DirectoryStream(reusing: buffer)
    var previous: (descriptor: CInt, identity: (dev_t, ino_t))?
    for _ in 0..<2 {
      for directory in directories {
        try (directory.path + [0]).withUnsafeBufferPointer { path in
          try path.withMemoryRebound(to: CChar.self) { path in
            try stream.reopen(path.baseAddress!, followingSymlink: false)
          }
        }
        if let previous {
          #expect(!Self.stillHolds(previous.descriptor, previous.identity))
        }
        var status = stat()
        #expect(fstat(stream.descriptor.rawValue, &status) == 0)
        previous = (stream.descriptor.rawValue, (status.st_dev, status.st_ino))
        #expect(try Self.remainingNames(of: stream) == directory.names)
      }
    }
    stream.close()
    #expect(!Self.stillHolds(previous!.descriptor, previous!.identity))
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try stream.reopen(root.path + "/missing", followingSymlink: false)
    }
    #expect(try Self.remainingNames(of: stream) == [])
  }
}

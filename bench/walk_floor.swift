// The floor of a recursive listing written in Swift. make bench compiles
// this with swiftc and measures its user CPU next to lsrows and bfs.
//
//   walk_floor DIRECTORY   write what `lsrows -RA DIRECTORY` writes: each
//                          entry below DIRECTORY, its path from there, one
//                          a line, every directory's entries sorted by
//                          their bytes, depth first
//
// It makes the calls lsrows makes for each directory (openat from the
// parent's descriptor, one status of the opened directory for its
// identity, which finds a loop among the directories above, getdents64
// until the end, close) and does nothing else: each depth keeps one list
// of names that is emptied and refilled, and rows are copied from one path
// buffer into one output buffer. What lsrows spends beyond this is the
// cost of its design, not of the language. Entries whose type the
// directory does not give (DT_UNKNOWN) are not entered; bench.py compares
// the output with lsrows's before it reports a time.

import Glibc

@_silgen_name("getdents64")
func getdents64(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int

/// One name in a directory's list: its first eight bytes as a number,
/// which most comparisons stop at, and where its bytes are.
struct Name {
  var prefix: UInt64
  var offset: UInt32
  var length: UInt32
  var isDirectory: Bool
}

/// The names of one directory, kept for reuse by the next at that depth.
final class Level {
  var bytes: [UInt8] = []
  var names: [Name] = []
}

final class Walk {
  private let outputCapacity = 1 << 16
  private let output: UnsafeMutablePointer<UInt8>
  private var outputCount = 0
  private let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: 32 * 1024, alignment: 8)
  private var levels: [Level] = []
  private var path: [UInt8] = []
  private var ancestors: [(device: UInt64, inode: UInt64)] = []

  init() {
    output = .allocate(capacity: outputCapacity)
  }

  /// Lists the directory open as `descriptor`, `depth` levels down.
  func list(_ descriptor: Int32, depth: Int) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return }
    let identity = (UInt64(status.st_dev), UInt64(status.st_ino))
    if ancestors.contains(where: { $0 == identity }) { return }
    ancestors.append(identity)
    defer { ancestors.removeLast() }
    if levels.count <= depth { levels.append(Level()) }
    let level = levels[depth]
    read(descriptor, into: level)
    sort(level)
    let pathLength = path.count
    for name in level.names {
      level.bytes.withUnsafeBufferPointer { bytes in
        path.append(contentsOf: bytes[Int(name.offset)..<Int(name.offset + name.length)])
      }
      path.append(UInt8(ascii: "\n"))
      path.withUnsafeBufferPointer { write($0) }
      path.removeLast()
      if name.isDirectory {
        let child = level.bytes.withUnsafeBufferPointer { bytes in
          openat(
            descriptor, UnsafeRawPointer(bytes.baseAddress! + Int(name.offset)).assumingMemoryBound(
              to: CChar.self),
            O_RDONLY | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_DIRECTORY)
        }
        if child >= 0 {
          path.append(UInt8(ascii: "/"))
          list(child, depth: depth + 1)
          close(child)
        }
      }
      path.removeSubrange(pathLength...)
    }
  }

  private func read(_ descriptor: Int32, into level: Level) {
    level.bytes.removeAll(keepingCapacity: true)
    level.names.removeAll(keepingCapacity: true)
    while true {
      let count = getdents64(descriptor, readBuffer, 32 * 1024)
      guard count > 0 else { return }
      var position = 0
      while position < count {
        let record = readBuffer + position
        let recordLength = Int(record.load(fromByteOffset: 16, as: UInt16.self))
        let type = record.load(fromByteOffset: 18, as: UInt8.self)
        let start = (record + 19).assumingMemoryBound(to: UInt8.self)
        let length = strnlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), recordLength - 19)
        position += recordLength
        let name = UnsafeBufferPointer(start: start, count: length)
        if name[0] == UInt8(ascii: ".") && (length == 1 || (length == 2 && name[1] == UInt8(ascii: "."))) {
          continue
        }
        level.names.append(
          Name(
            prefix: Self.prefix(name), offset: UInt32(level.bytes.count), length: UInt32(length),
            isDirectory: type == UInt8(DT_DIR)))
        level.bytes.append(contentsOf: name)
        level.bytes.append(0)
      }
    }
  }

  private static func prefix(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    if name.count >= 8 {
      return UInt64(bigEndian: UnsafeRawPointer(name.baseAddress!).loadUnaligned(as: UInt64.self))
    }
    var prefix: UInt64 = 0
    for index in 0..<8 { prefix = prefix << 8 | UInt64(index < name.count ? name[index] : 0) }
    return prefix
  }

  /// By the names' bytes: each name ends with a NUL, so comparing one byte
  /// past the shorter orders a prefix first.
  private func sort(_ level: Level) {
    level.bytes.withUnsafeBufferPointer { bytes in
      let base = bytes.baseAddress!
      level.names.sort { a, b in
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        let common = Int(min(a.length, b.length)) + 1
        return memcmp(base + Int(a.offset), base + Int(b.offset), common) < 0
      }
    }
  }

  private func write(_ row: UnsafeBufferPointer<UInt8>) {
    if outputCount + row.count > outputCapacity { flush() }
    (output + outputCount).update(from: row.baseAddress!, count: row.count)
    outputCount += row.count
  }

  func flush() {
    var written = 0
    while written < outputCount {
      let count = Glibc.write(1, output + written, outputCount - written)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { exit(2) }
      written += count
    }
    outputCount = 0
  }
}

guard CommandLine.arguments.count == 2 else {
  let usage = "usage: walk_floor DIRECTORY\n"
  _ = usage.withCString { Glibc.write(2, $0, strlen($0)) }
  exit(2)
}
let top = open(CommandLine.arguments[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC)
guard top >= 0 else {
  perror(CommandLine.arguments[1])
  exit(2)
}
let walk = Walk()
walk.list(top, depth: 0)
walk.flush()

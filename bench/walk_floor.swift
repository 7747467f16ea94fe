// The floor of a recursive listing written in Swift. make bench compiles
// this with swiftc and measures its user CPU next to lsrows and bfs.
//
//   walk_floor [--threads 2] DIRECTORY
//                          write what `lsrows -RA DIRECTORY` writes: each
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
//
// With `--threads 2`, a second thread walks the second half of
// DIRECTORY's own entries into memory while this one walks the first half
// and writes it, then writes the second half: the same bytes, with no
// state the two threads share. Whether two threads cost user time of
// their own, beyond what their walks do, is then measured apart from how
// lsrows shares its work between them.

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

final class Walk: @unchecked Sendable {
  // Unchecked: each thread walks with a Walk of its own; the second
  // thread's is read by the first only after pthread_join.
  private let outputCapacity = 1 << 16
  private let output: UnsafeMutablePointer<UInt8>
  private var outputCount = 0
  private let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: 32 * 1024, alignment: 8)
  private var levels: [Level] = []
  private var path: [UInt8] = []
  private var ancestors: [(device: UInt64, inode: UInt64)] = []
  /// Which half of the first directory's entries this walk lists, with
  /// their subtrees (0 or 1), when two threads share the walk.
  private let half: Int?
  /// Where the rows go when this walk is the second thread's: kept for
  /// the first thread to write after its own.
  private(set) var kept: [UInt8]?
  /// The directory the second thread's walk begins with, opened for it.
  let firstDirectory: Int32

  /// - Parameters:
  ///   - half: Which half of the first directory's entries to list, when
  ///     two threads share the walk; the second half's rows are kept.
  ///   - firstDirectory: For the second thread, the directory it begins with.
  init(half: Int? = nil, firstDirectory: Int32 = -1) {
    output = .allocate(capacity: outputCapacity)
    self.half = half
    self.firstDirectory = firstDirectory
    kept = half == 1 ? [] : nil
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
    var names = level.names[...]
    if depth == 0, let half {
      let middle = names.count / 2
      names = half == 0 ? names[..<middle] : names[middle...]
    }
    for name in names {
      level.bytes.withUnsafeBufferPointer { bytes in
        path.append(contentsOf: bytes[Int(name.offset)..<Int(name.offset + name.length)])
      }
      path.append(UInt8(ascii: "\n"))
      path.withUnsafeBufferPointer { write($0) }
      path.removeLast()
      if name.isDirectory {
        let child = level.bytes.withUnsafeBufferPointer { bytes in
          openat(
            descriptor,
            UnsafeRawPointer(bytes.baseAddress! + Int(name.offset)).assumingMemoryBound(
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
        let length = strnlen(
          UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), recordLength - 19)
        position += recordLength
        let name = UnsafeBufferPointer(start: start, count: length)
        if name[0] == UInt8(ascii: ".")
          && (length == 1 || (length == 2 && name[1] == UInt8(ascii: ".")))
        {
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
    if kept != nil { return kept!.append(contentsOf: row) }
    if outputCount + row.count > outputCapacity { flush() }
    (output + outputCount).update(from: row.baseAddress!, count: row.count)
    outputCount += row.count
  }

  func flush() {
    Self.write(UnsafeBufferPointer(start: output, count: outputCount))
    outputCount = 0
  }

  static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    var written = 0
    while written < bytes.count {
      let count = Glibc.write(1, bytes.baseAddress! + written, bytes.count - written)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { exit(2) }
      written += count
    }
  }
}

extension Walk {
  /// The second thread, which walks the walk passed as its context.
  ///
  /// Declared here, not in the top-level code, which runs on the main actor.
  static let secondThread: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? =
    { context in
      let walk = Unmanaged<Walk>.fromOpaque(context!).takeUnretainedValue()
      walk.list(walk.firstDirectory, depth: 0)
      return nil
    }
}

/// Opens `path` as a directory, or exits.
func openDirectory(_ path: String) -> Int32 {
  let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  guard descriptor >= 0 else {
    perror(path)
    exit(2)
  }
  return descriptor
}

var arguments = Array(CommandLine.arguments.dropFirst())
let threads = arguments.first == "--threads" && arguments.count == 3 ? Int(arguments[1]) : 1
if threads != 1 { arguments.removeFirst(2) }
guard arguments.count == 1, threads == 1 || threads == 2 else {
  let usage = "usage: walk_floor [--threads 2] DIRECTORY\n"
  _ = usage.withCString { Glibc.write(2, $0, strlen($0)) }
  exit(2)
}
let directory = arguments[0]
if threads == 1 {
  let walk = Walk()
  walk.list(openDirectory(directory), depth: 0)
  walk.flush()
} else {
  // Each thread reads the directory itself and lists its half of it.
  let second = Walk(half: 1, firstDirectory: openDirectory(directory))
  var thread = pthread_t()
  let started = pthread_create(
    &thread, nil, Walk.secondThread, Unmanaged.passUnretained(second).toOpaque())
  guard started == 0 else { exit(2) }
  let first = Walk(half: 0)
  first.list(openDirectory(directory), depth: 0)
  first.flush()
  pthread_join(thread, nil)
  second.kept!.withUnsafeBufferPointer { Walk.write($0) }
}

import Glibc

/// Rows of one whole-tree order kept within a memory budget, as GNU sort
/// keeps lines: each row arrives as its key (``SortKeyBytes``) and its
/// rendered text; past the budget, the rows held are sorted and written to
/// a temporary file as a run, and at the end the runs are merged.
///
/// The rows are held back to back in one buffer, reserved once at the
/// budget (pages are touched only as rows fill them), with 16 bytes of
/// index per row; a row's key holds its path, so nothing else is kept.
/// More than ``maximumRuns`` runs are merged into one first, so the
/// descriptors held stay few however small the budget.
final class ExternalSort {
  /// The smallest budget: a smaller one is raised to this.
  static let minimumBudget = 64 << 10
  /// The budget when `--sort-memory` is not given.
  static let defaultBudget = 16 << 20
  /// How many runs are merged at once.
  static let maximumRuns = 64

  private struct Record {
    var start: Int
    var keyLength: Int32
    var rowLength: Int32
  }

  private let budget: Int
  /// `-r`: the keys' order reversed.
  private let isReversed: Bool
  private var bytes: [UInt8] = []
  private var records: [Record] = []
  private var runs: [TemporaryFile] = []

  init(budget: Int, isReversed: Bool) {
    self.budget = max(budget, Self.minimumBudget)
    self.isReversed = isReversed
  }

  /// Adds a row: its key and its rendered text.
  ///
  /// - Throws: A ``SystemError`` when a run cannot be written.
  func add(key: [UInt8], row: [UInt8]) throws(SystemError) {
    if bytes.capacity == 0 { bytes.reserveCapacity(budget) }
    if bytes.count + key.count + row.count + (records.count + 1) * 16 > budget, !records.isEmpty {
      try spill()
    }
    records.append(
      Record(start: bytes.count, keyLength: Int32(key.count), rowLength: Int32(row.count)))
    bytes.append(contentsOf: key)
    bytes.append(contentsOf: row)
  }

  /// Hands every row to `write`, in order, in place: the bytes are valid
  /// only during the call.
  ///
  /// - Throws: A ``SystemError`` from a run, or what `write` throws.
  func finish(_ write: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
    sortRecords()
    guard !runs.isEmpty else {
      try bytes.withUnsafeBufferPointer { bytes in
        for record in records {
          let rowStart = record.start + Int(record.keyLength)
          try write(
            UnsafeBufferPointer(rebasing: bytes[rowStart..<rowStart + Int(record.rowLength)]))
        }
      }
      return
    }
    try spill()
    bytes = []
    var merge = try RunMerge(runs, isReversed: isReversed)
    runs = []
    while let top = merge.top {
      try top.row.withUnsafeBufferPointer { row in try write(row) }
      try merge.advance()
    }
  }

  private func sortRecords() {
    let reversed = isReversed
    bytes.withUnsafeBufferPointer { bytes in
      records.withUnsafeMutableBufferPointer { records in
        introsort(records) { a, b in
          let order = Self.compare(
            bytes.baseAddress! + a.start, Int(a.keyLength), bytes.baseAddress! + b.start,
            Int(b.keyLength))
          return reversed ? order > 0 : order < 0
        }
      }
    }
  }

  static func compare(
    _ a: UnsafePointer<UInt8>, _ countA: Int, _ b: UnsafePointer<UInt8>, _ countB: Int
  ) -> Int {
    let order = memcmp(a, b, min(countA, countB))
    if order != 0 { return order < 0 ? -1 : 1 }
    return countA == countB ? 0 : (countA < countB ? -1 : 1)
  }

  /// Writes the rows held, sorted, as a run, and empties the buffer;
  /// merges the runs into one when there are too many.
  private func spill() throws(SystemError) {
    sortRecords()
    let run = try TemporaryFile()
    var writer = RunWriter(run)
    for record in records {
      try bytes.withUnsafeBufferPointer { bytes throws(SystemError) in
        try writer.append(
          key: UnsafeBufferPointer(
            rebasing: bytes[record.start..<record.start + Int(record.keyLength)]),
          row: UnsafeBufferPointer(
            rebasing: bytes[
              record.start + Int(record.keyLength)..<record.start + Int(record.keyLength)
                + Int(record.rowLength)]))
      }
    }
    try writer.flush()
    runs.append(run)
    records.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
    if runs.count >= Self.maximumRuns {
      let merged = try TemporaryFile()
      var mergedWriter = RunWriter(merged)
      var merge = try RunMerge(runs, isReversed: isReversed)
      runs = []
      while let top = merge.top {
        try top.key.withUnsafeBufferPointer { key throws(SystemError) in
          try top.row.withUnsafeBufferPointer { row throws(SystemError) in
            try mergedWriter.append(key: key, row: row)
          }
        }
        try merge.advance()
      }
      try mergedWriter.flush()
      runs = [merged]
    }
  }
}

/// Sorted runs merged: the reader whose record comes first on top of a
/// heap, read on as its record is taken.
private struct RunMerge {
  private var heap: [RunReader] = []
  private let isReversed: Bool

  init(_ runs: [TemporaryFile], isReversed: Bool) throws(SystemError) {
    self.isReversed = isReversed
    for run in runs {
      let reader = try RunReader(run)
      if try reader.next() { heap.append(reader) }
    }
    for index in stride(from: heap.count / 2, through: 0, by: -1) {
      Heap.siftDown(&heap, from: index) { a, b in Self.comesFirst(a, b, isReversed: isReversed) }
    }
  }

  /// The reader whose record comes next; `nil` once every run is read.
  var top: RunReader? {
    heap.first
  }

  /// Moves past the record of ``top``.
  mutating func advance() throws(SystemError) {
    guard let top = heap.first else { return }
    if try !top.next() {
      heap.swapAt(0, heap.count - 1)
      heap.removeLast()
    }
    let isReversed = self.isReversed
    Heap.siftDown(&heap, from: 0) { a, b in Self.comesFirst(a, b, isReversed: isReversed) }
  }

  private static func comesFirst(_ a: RunReader, _ b: RunReader, isReversed: Bool) -> Bool {
    let order = a.key.withUnsafeBufferPointer { keyA in
      b.key.withUnsafeBufferPointer { keyB in
        ExternalSort.compare(keyA.baseAddress!, keyA.count, keyB.baseAddress!, keyB.count)
      }
    }
    return isReversed ? order > 0 : order < 0
  }
}

/// Writes records of a run through a buffer: a key length and a row
/// length (four bytes each, native order), then the key and the row.
private struct RunWriter {
  let file: TemporaryFile
  var buffer: [UInt8] = []

  init(_ file: TemporaryFile) {
    self.file = file
    buffer.reserveCapacity(1 << 18)
  }

  mutating func append(
    key: UnsafeBufferPointer<UInt8>, row: UnsafeBufferPointer<UInt8>
  ) throws(SystemError) {
    withUnsafeBytes(of: UInt32(key.count)) { buffer.append(contentsOf: $0) }
    withUnsafeBytes(of: UInt32(row.count)) { buffer.append(contentsOf: $0) }
    buffer.append(contentsOf: key)
    buffer.append(contentsOf: row)
    if buffer.count >= 1 << 18 { try flush() }
  }

  mutating func flush() throws(SystemError) {
    let file = self.file
    try buffer.withUnsafeBytes { bytes in
      Result { () throws(SystemError) in try file.write(bytes) }
    }.get()
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Reads a run's records back, through a buffer, from its start.
private final class RunReader {
  let file: TemporaryFile
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var position = 0
  private var end = 0
  /// The current record.
  var key: [UInt8] = []
  var row: [UInt8] = []

  init(_ file: TemporaryFile) throws(SystemError) {
    self.file = file
    try file.rewind()
  }

  /// Reads the next record into ``key`` and ``row``; `false` at the end.
  func next() throws(SystemError) -> Bool {
    var lengths = [UInt8]()
    guard try take(8, into: &lengths) else { return false }
    let keyLength = lengths.withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
    let rowLength = lengths.withUnsafeBytes {
      Int($0.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    }
    key.removeAll(keepingCapacity: true)
    row.removeAll(keepingCapacity: true)
    guard try take(keyLength, into: &key), try take(rowLength, into: &row) else {
      throw SystemError(call: .temporaryFile, path: file.directory, errno: Errno(rawValue: EIO))
    }
    return true
  }

  /// Appends the next `count` bytes to `output`; `false` when the run
  /// ends first.
  private func take(_ count: Int, into output: inout [UInt8]) throws(SystemError) -> Bool {
    var needed = count
    while needed > 0 {
      if position == end {
        let file = self.file
        end = try buffer.withUnsafeMutableBytes { bytes in
          Result { () throws(SystemError) in try file.read(into: bytes) }
        }.get()
        position = 0
        if end == 0 { return false }
      }
      let chunk = min(needed, end - position)
      output.append(contentsOf: buffer[position..<position + chunk])
      position += chunk
      needed -= chunk
    }
    return true
  }
}

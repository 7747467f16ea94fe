/// Reads NUL-terminated names from a file descriptor, for `--files0-from`,
/// holding only one buffer and the name being read.
struct OperandReader {
  private let input: FileDescriptor
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var atEnd = false

  init(_ input: FileDescriptor) {
    self.input = input
  }

  /// The next name, or `nil` at the end; a last name without a NUL counts.
  mutating func next() throws(Errno) -> [UInt8]? {
    var name: [UInt8] = []
    while true {
      if start == end {
        if atEnd { return name.isEmpty ? nil : name }
        let result = buffer.withUnsafeMutableBytes { bytes in
          Result { () throws(Errno) in try input.read(into: bytes) }
        }
        let count = try result.get()
        start = 0
        end = count
        if count == 0 {
          atEnd = true
          continue
        }
      }
      if let nul = buffer[start..<end].firstIndex(of: 0) {
        name.append(contentsOf: buffer[start..<nul])
        start = nul + 1
        return name
      }
      name.append(contentsOf: buffer[start..<end])
      start = end
    }
  }
}

import RowCore

/// The row sink for a file descriptor: every chunk goes out with `write(2)`.
struct OutputFile: RowSink {
  let descriptor: FileDescriptor

  init(_ descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    do {
      try descriptor.writeAll(bytes)
    } catch {
      throw SystemError.write(error)
    }
  }
}

import Glibc
import RowCore

/// A sink that keeps every chunk it is given.
struct CollectingSink: RowSink {
  var bytes: [UInt8] = []
  var chunkSizes: [Int] = []

  mutating func write(_ chunk: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: chunk)
    chunkSizes.append(chunk.count)
  }
}

/// A sink that fails on its first write.
struct FailingSink: RowSink {
  struct Failure: Error, Equatable {}
  var attempts = 0

  mutating func write(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
    attempts += 1
    throw Failure()
  }
}

/// Renders a store completely and returns the bytes.
func render(_ store: RowStore, terminator: RowTerminator = .newline, chunkSize: Int = 1 << 17)
  -> [UInt8]
{
  var writer = RowWriter(sink: CollectingSink(), terminator: terminator, chunkSize: chunkSize)
  writer.write(store)
  writer.flush()
  return writer.sink.bytes
}

/// A file the tests read was not there.
struct MissingFile: Error {
  let path: String
}

/// The text of the file at `path`, for the tests that check the project's
/// own sources and documents.
func textOfFile(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else { throw MissingFile(path: path) }
  defer { fclose(file) }
  var text: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    text += buffer[..<count]
  }
  return String(decoding: text, as: UTF8.self)
}

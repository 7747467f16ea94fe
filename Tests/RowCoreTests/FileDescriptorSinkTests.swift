import Glibc
import RowCore
import Synchronization
import Testing

@Suite struct FileDescriptorSinkTests {
  /// A full non-blocking pipe makes write(2) return short counts and then
  /// EAGAIN; the sink carries on until every byte is through, in order.
  @Test func aFullNonBlockingPipeGetsEveryByteInOrder() throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let reader = ends[0]
    let writerEnd = ends[1]
    _ = fcntl(writerEnd, F_SETFL, fcntl(writerEnd, F_GETFL) | O_NONBLOCK)
    let payload = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    let received = Received()
    var thread = pthread_t()
    let context = Unmanaged.passRetained(ReaderContext(descriptor: reader, received: received))
    try #require(
      pthread_create(
        &thread, nil,
        { pointer in
          let context = Unmanaged<ReaderContext>.fromOpaque(pointer!).takeRetainedValue()
          var chunk = [UInt8](repeating: 0, count: 4096)
          while true {
            usleep(200)  // slower than the writer, so the pipe fills
            let count = chunk.withUnsafeMutableBytes {
              read(context.descriptor, $0.baseAddress, $0.count)
            }
            if count <= 0 { break }
            context.received.bytes.withLock { $0 += chunk[..<count] }
          }
          return nil
        }, context.toOpaque()) == 0)
    var sink = FileDescriptorSink(descriptor: writerEnd)
    try payload.withUnsafeBytes { try sink.write($0) }
    close(writerEnd)
    pthread_join(thread, nil)
    close(reader)
    #expect(received.bytes.withLock { $0 } == payload)
  }

  @Test func aFullDiskIsENOSPC() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    var sink = FileDescriptorSink(descriptor: full)
    #expect(throws: FileDescriptorSink.WriteError(errno: ENOSPC)) {
      try [UInt8](repeating: 0x61, count: 10).withUnsafeBytes { try sink.write($0) }
    }
  }

  @Test func nothingToWriteCallsNothing() throws {
    var sink = FileDescriptorSink(descriptor: -1)
    try [UInt8]().withUnsafeBytes { try sink.write($0) }
  }
}

/// What the reading thread collected.
private final class Received: Sendable {
  let bytes = Mutex<[UInt8]>([])
}

private final class ReaderContext {
  let descriptor: Int32
  let received: Received

  init(descriptor: Int32, received: Received) {
    self.descriptor = descriptor
    self.received = received
  }
}

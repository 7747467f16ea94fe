import Testing

@testable import lsrows

/// The sink of rows rendered for another thread to write.
@Suite struct OutputSinkTests {
  /// What a receiver was handed, in order.
  private final class Received {
    var chunks: [[UInt8]] = []
  }

  /// A subtree's last rows, far fewer than the buffer holds, are copied
  /// out and the buffer stays for the next subtree; a full chunk is
  /// handed over whole, not copied.
  @Test func aShortChunkIsCopiedAndAFullOneHandedOver() throws {
    let received = Received()
    let sink = OutputSink(receiver: { received.chunks.append($0) })
    var chunk: [UInt8] = []
    chunk.reserveCapacity(4096)
    let capacity = chunk.capacity
    chunk.append(contentsOf: [1, 2, 3])
    let buffer = chunk.withUnsafeBufferPointer { $0.baseAddress }
    try sink.write(taking: &chunk)
    #expect(received.chunks == [[1, 2, 3]])
    // A copy: the writer's buffer is its own still, not shared with the
    // thread that writes the chunk.
    #expect(received.chunks[0].withUnsafeBufferPointer { $0.baseAddress } != buffer)
    #expect(chunk.isEmpty)
    #expect(chunk.capacity == capacity)
    #expect(chunk.withUnsafeBufferPointer { $0.baseAddress } == buffer)

    chunk.append(contentsOf: repeatElement(7, count: capacity))
    let full = chunk.withUnsafeBufferPointer { $0.baseAddress }
    try sink.write(taking: &chunk)
    #expect(received.chunks.count == 2)
    #expect(received.chunks.last == Array(repeating: 7, count: capacity))
    #expect(received.chunks.last?.withUnsafeBufferPointer { $0.baseAddress } == full)
    #expect(chunk.capacity == 0)
  }
}

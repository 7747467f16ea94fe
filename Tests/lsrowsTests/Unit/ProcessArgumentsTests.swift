import Glibc
import Testing

@testable import lsrows

/// glibc hands the arguments to the executable's initializers before
/// `main`; lsrows keeps them, and they are the process's own.
@Suite struct ProcessArgumentsTests {
  /// This process's arguments as the kernel keeps them, NUL-separated.
  private func kernelArguments() throws -> [[UInt8]] {
    let descriptor = open("/proc/self/cmdline", O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      try #require(count >= 0)
      if count == 0 { break }
      contents += chunk[..<count]
    }
    return contents.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
  }

  @Test func theCapturedVectorIsTheProcesssOwn() throws {
    let expected = try kernelArguments()
    #expect(ProcessArguments.count == Int32(expected.count))
    #expect(rawArguments() == expected)
    // The vector ends with the NULL that C promises.
    #expect(ProcessArguments.vector?[Int(ProcessArguments.count)] == nil)
  }

  @Test func theRuntimeIsAnsweredFromTheCapture() {
    var count: Int32 = -1
    let vector = runtimeArguments(&count)
    #expect(count == ProcessArguments.count)
    #expect(vector == ProcessArguments.vector)
  }
}

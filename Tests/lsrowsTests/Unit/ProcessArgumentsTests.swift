import Testing

@testable import lsrows

/// glibc hands the arguments to the executable's initializers before
/// `main`; lsrows keeps them, and they are the process's own.
@Suite struct ProcessArgumentsTests {
  /// This process's arguments as the kernel keeps them, NUL-separated.
  private func kernelArguments() -> [[UInt8]] {
    readFile("/proc/self/cmdline").split(separator: 0, omittingEmptySubsequences: false)
      .dropLast().map(Array.init)
  }

  @Test func theCapturedVectorIsTheProcesssOwn() {
    let expected = kernelArguments()
    #expect(ProcessArguments.count == Int32(expected.count))
    #expect(ProcessArguments.bytes == expected)
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

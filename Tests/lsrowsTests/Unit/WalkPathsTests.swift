import Testing

@testable import lsrows

@Suite struct WalkPathsTests {
  @Test(arguments: [("/usr", false), ("src/", true), (".", false)])
  func unsharedPathsAreEqualInStorageOfTheirOwn(operand: String, showsPath: Bool) {
    let paths = WalkPaths(operand: Array(operand.utf8), showsPath: showsPath)
    let copy = paths.unshared()
    #expect(copy.operand == paths.operand)
    #expect(copy.operandPrefix == paths.operandPrefix)
    let relative = Array("a/b/".utf8)
    #expect(
      copy.location(relative: relative, depth: 3).pathPrefix
        == paths.location(relative: relative, depth: 3).pathPrefix)
    #expect(address(of: copy.operand) != address(of: paths.operand))
    #expect(address(of: copy.operandPrefix) != address(of: paths.operandPrefix))
  }

  private func address(of bytes: [UInt8]) -> UnsafeRawPointer? {
    bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }
}

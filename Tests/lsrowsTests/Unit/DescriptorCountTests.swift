import Glibc
import Testing

@testable import lsrows

/// Counting the open descriptors among a range with one poll: each kind of
/// open file counts, a closed descriptor does not, and the count agrees
/// with asking each descriptor with `fcntl`.
@Suite struct DescriptorCountTests {
  /// A run of descriptor numbers that nothing in this process uses: high,
  /// as the kernel hands out the lowest free number, so that other tests
  /// opening files meanwhile do not land in it.
  static func unusedRange(count: Int32) throws -> Range<Int32> {
    var limit = rlimit()
    try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
    let top = Int32(clamping: min(limit.rlim_cur, 1024))
    try #require(top > 256 + count)
    var start = top - count
    while start > 256 {
      let range = start..<(start + count)
      if !range.contains(where: { FileDescriptor(rawValue: $0).isOpen }) { return range }
      start -= count
    }
    throw DescriptorRangeUnavailable()
  }

  struct DescriptorRangeUnavailable: Error {}

  /// Places a duplicate of `descriptor` at `number`.
  static func place(_ descriptor: Int32, at number: Int32) throws {
    try #require(dup2(descriptor, number) == number)
  }

  /// The open ones, asked one at a time (`fcntl(F_GETFD)`).
  static func fcntlCount(_ range: Range<Int32>) -> Int {
    range.count { FileDescriptor(rawValue: $0).isOpen }
  }

  @Test func nothingOpenCountsZero() throws {
    let range = try Self.unusedRange(count: 8)
    #expect(openDescriptorCount(in: range) == 0)
    #expect(openDescriptorCount(in: range.lowerBound..<range.lowerBound) == 0)
  }

  @Test func everyKindOfOpenFileCountsAndClosedOnesDoNot() throws {
    let directory = TemporaryDirectory()
    let range = try Self.unusedRange(count: 8)
    var pipeEnds: [Int32] = [-1, -1]
    try #require(pipe(&pipeEnds) == 0)
    let file = open(directory.path + "/file", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
    let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    try #require(file >= 0 && folder >= 0 && null >= 0)
    let originals = [pipeEnds[0], pipeEnds[1], file, folder, null]
    defer {
      for descriptor in originals { close(descriptor) }
      for number in range { close(number) }
    }
    // Every other number, so that closed ones sit between the open ones.
    let placed = zip(originals, stride(from: range.lowerBound, to: range.upperBound, by: 2))
    for (descriptor, number) in placed.prefix(4) { try Self.place(descriptor, at: number) }
    #expect(openDescriptorCount(in: range) == 4)
    #expect(openDescriptorCount(in: range) == Self.fcntlCount(range))

    close(range.lowerBound + 2)
    #expect(openDescriptorCount(in: range) == 3)
    #expect(openDescriptorCount(in: (range.lowerBound + 1)..<(range.lowerBound + 3)) == 0)
    #expect(openDescriptorCount(in: range.lowerBound..<(range.lowerBound + 1)) == 1)
    #expect(openDescriptorCount(in: range) == Self.fcntlCount(range))
  }

  @Test func freeCountLeavesOutTheOpenOnes() {
    var limit = rlimit()
    #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
    let soft = Int(clamping: limit.rlim_cur)
    let free = freeDescriptorCount()
    let asked = soft - Self.fcntlCount(0..<Int32(min(soft, 256)))
    // Other tests open and close files and pipes meanwhile: the two
    // counts, a moment apart, may differ by what those hold, but not by
    // the hundreds that miscounting the 256 probed would give.
    #expect(abs(free - asked) <= 64)
    #expect(free < soft)
  }
}

import Testing

@testable import lsrows

/// ls's SIZE syntax (gnulib's human_options and xstrtoumax) and the numbers
/// it scales, as `ls -s` and `ls -l` write them.
@Suite struct BlockSizeTests {
  @Test(
    arguments: [
      ("K", BlockSize(unit: 1024, showsSuffix: true)),
      ("KiB", BlockSize(unit: 1024, showsSuffix: true, showsB: true)),
      ("KB", BlockSize(unit: 1000, showsSuffix: true, base1024: false, showsB: true)),
      ("1K", BlockSize(unit: 1024)), ("1kB", BlockSize(unit: 1000)), ("512", BlockSize(unit: 512)),
      ("010", BlockSize(unit: 8)), ("0x10", BlockSize(unit: 16)), ("'1", BlockSize(unit: 1)),
      ("1M", BlockSize(unit: 1_048_576)), ("2MiB", BlockSize(unit: 2_097_152)),
      ("h", .humanReadable), ("human-readable", .humanReadable), ("si", .si), ("s", .si),
    ] as [(String, BlockSize)])
  func parsesAsLs(text: String, expected: BlockSize) {
    #expect(BlockSize.parse(bytes(text)) == .success(expected))
  }

  @Test(
    arguments: [
      ("", BlockSize.ParseError.invalid), ("x", .invalid), ("0", .invalid), ("-1", .invalid),
      ("1X", .invalidSuffix), ("1KX", .invalidSuffix), ("99999999999999999999", .tooLarge),
      ("100000E", .tooLarge),
    ] as [(String, BlockSize.ParseError)])
  func refusesAsLs(text: String, error: BlockSize.ParseError) {
    #expect(BlockSize.parse(bytes(text)) == .failure(error))
  }

  /// A variable is never refused: gnulib falls back, and shows no unit.
  @Test func variablesFallBack() {
    #expect(BlockSize.environmentValue(bytes("foo"), fallback: 1024) == BlockSize(unit: 1024))
    #expect(BlockSize.environmentValue(bytes("10X"), fallback: 1024) == BlockSize(unit: 10))
    #expect(BlockSize.environmentValue(bytes("0"), fallback: 512) == BlockSize(unit: 512))
    #expect(
      BlockSize.environmentValue(bytes("K"), fallback: 512)
        == BlockSize(unit: 1024, showsSuffix: true))
  }

  func scaled(_ amount: UInt64, from unit: UInt64 = 1, _ scale: BlockSize) -> String {
    var output: [UInt8] = []
    HumanReadable.append(amount, sourceUnit: unit, in: scale, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Always rounded up, as ls rounds: `ls -s` never shows less than used.
  @Test func scalesAndRoundsUpAsLs() {
    #expect(scaled(8, from: 512, BlockSize(unit: 1024)) == "4")
    #expect(scaled(1, from: 512, BlockSize(unit: 1024)) == "1")
    #expect(scaled(1025, .humanReadable) == "1.1K")
    #expect(scaled(1000, .si) == "1.0k")
    #expect(scaled(999, .si) == "999")
    #expect(scaled(10 * 1024, .humanReadable) == "10K")
    #expect(scaled(10 * 1024 + 1, .humanReadable) == "11K")
    #expect(scaled(1024 * 1024 - 1, .humanReadable) == "1.0M")
    #expect(scaled(5, BlockSize(unit: 1024, showsSuffix: true)) == "1K")
    #expect(scaled(0, BlockSize(unit: 1024, showsSuffix: true)) == "0K")
    #expect(scaled(2048, BlockSize(unit: 1024, showsSuffix: true, showsB: true)) == "2KiB")
    #expect(
      scaled(2000, BlockSize(unit: 1000, showsSuffix: true, base1024: false, showsB: true)) == "2kB"
    )
    #expect(scaled(1_099_511_627_775, BlockSize(unit: 1_048_576)) == "1048576")
    #expect(scaled(UInt64(Int64.max), .humanReadable) == "8.0E")
  }
}

import Testing

/// `-h` sizes on real files, compared with GNU ls.
@Suite struct HumanSizeEndToEndTests {
  @Test func humanSizesMatchLsOnRealFiles() {
    let root = TemporaryDirectory()
    root.directory("sizes")
    for size in [
      0, 1, 999, 1000, 1023, 1024, 1025, 2047, 10239, 10240, 10241, 102_400, 1_048_577, 3_000_000,
    ] {
      root.file("sizes/f\(size)", contents: String(repeating: "x", count: size))
    }
    let ours = lsrows("-lh", "sizes", in: root.path)
    let theirs = ls("-lh", "--time-style=long-iso", "sizes", in: root.path)
    #expect(
      Text(ours.standardOutput) == Text(TypedRowsEndToEndTests.withoutTotal(theirs.standardOutput)))
  }
}

import Testing

/// The oracle that maps ls's sections onto lsrows's prefixed rows must
/// accept every right answer and refuse wrong ones.
@Suite struct LsComparisonTests {
  let ls = bytes("d/s@\nd/l@\n\nd:\ns@\nsub/\nl@\nf\n")

  @Test func aRowThatFitsTwoSectionsIsPlacedWhereTheRestFits() {
    // The operand d/s@ is also the row s@ of directory d.
    let ours = bytes("d/s@\nd/l@\nd/s@\nd/sub/\nd/l@\nd/f\n")
    let operands = [bytes("d"), bytes("d/l"), bytes("d/s")]
    #expect(
      LsComparison.rowDifferences(ours: ours, theirs: ls, zero: false, operands: operands) == nil)
  }

  @Test func rowsOutOfOrderOrMissingAreReported() {
    let operands = [bytes("d"), bytes("d/l"), bytes("d/s")]
    for ours in [
      "d/s@\nd/l@\nd/sub/\nd/s@\nd/l@\nd/f\n",  // sub/ before s@ within d
      "d/l@\nd/s@\nd/s@\nd/sub/\nd/l@\nd/f\n",  // operands swapped
      "d/s@\nd/l@\nd/s@\nd/sub/\nd/l@\nd/g\n",  // a name changed
    ] {
      let difference = LsComparison.rowDifferences(
        ours: bytes(ours), theirs: ls, zero: false, operands: operands)
      #expect(difference?.contains("is none of ls's next rows") == true, "\(ours)")
    }
  }
}

extension Int64 {
  /// Division rounding toward negative infinity, with its non-negative remainder.
  func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = self / divisor
    let remainder = self % divisor
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}

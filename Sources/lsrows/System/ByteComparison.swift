import Glibc

/// Compares two byte strings as `strcmp` does in the C locale: byte by byte as
/// unsigned values, a prefix first.
///
/// - Returns: A negative number, zero or a positive number as `a` sorts
///   before, with or after `b`.
@inline(__always)
func compareBytes(
  _ a: UnsafePointer<UInt8>, count countA: Int,
  _ b: UnsafePointer<UInt8>, count countB: Int
) -> Int32 {
  let common = memcmp(a, b, min(countA, countB))
  if common != 0 { return common }
  return countA < countB ? -1 : (countA > countB ? 1 : 0)
}

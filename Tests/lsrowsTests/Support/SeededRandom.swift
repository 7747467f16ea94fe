import Glibc

/// A random number generator whose sequence is fixed by its seed, so that a
/// failure found by random inputs can be run again.
///
/// The seed comes from `LSROWS_TEST_SEED` when it is set, else from the
/// clock; its ``description`` goes into every expectation that uses it, so a
/// failure prints how to reproduce it.
struct SeededRandom: RandomNumberGenerator, CustomStringConvertible {
  let seed: UInt64
  private var state: UInt64

  init(seed: UInt64? = nil) {
    let chosen = seed ?? Self.environmentSeed ?? Self.clockSeed()
    self.seed = chosen
    state = chosen
  }

  /// SplitMix64: small, fast, and good enough for test inputs.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  var description: String {
    "random seed \(seed) (rerun with LSROWS_TEST_SEED=\(seed))"
  }

  private static let environmentSeed: UInt64? = getenv("LSROWS_TEST_SEED").flatMap {
    UInt64(String(cString: $0))
  }

  private static func clockSeed() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_000_007
      &+ UInt64(truncatingIfNeeded: now.tv_nsec)
  }
}

/// A set of byte values, for the extra bytes a quoting must escape.
struct ByteSet: Hashable, Sendable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  init() {}

  init(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { insert(byte) }
  }

  static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
    lhs.words == rhs.words
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }

  func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }

  mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }
}

/// How sizes and block counts are scaled: ls's `--block-size` (and `-h`,
/// `--si`, `-k`, `BLOCK_SIZE`), read as gnulib's `human_options` reads it.
struct BlockSize: Sendable, Equatable {
  /// The unit to count in, in bytes.
  var unit: UInt64
  /// Scale to the largest unit that keeps the number small (`-h`).
  var autoscales = false
  /// Show the unit's letter (`--block-size=K` shows `2048K`).
  var showsSuffix = false
  /// Powers of 1024 rather than 1000.
  var base1024 = true
  /// A `B` after the letter (`KiB`, `kB`).
  var showsB = false

  /// Sizes in bytes, as plain numbers.
  static let bytes = BlockSize(unit: 1)
  /// `-h`: powers of 1024, one decimal below ten.
  static let humanReadable = BlockSize(unit: 1, autoscales: true, showsSuffix: true)
  /// `--si`: powers of 1000.
  static let si = BlockSize(unit: 1, autoscales: true, showsSuffix: true, base1024: false)

  /// Why a `--block-size` argument is refused, in ls's words.
  enum ParseError: Error, Equatable {
    case invalid
    case invalidSuffix
    case tooLarge
  }

  /// Parses a SIZE as ls does.
  ///
  /// `human-readable` or `si` (or a prefix), an optional `'` (digit
  /// grouping, nothing in the C locale), a number in C notation (`010` is
  /// octal, `0x10` hex) and a unit: `K M G T P E Z Y` powers of 1024,
  /// `KB MB ...` powers of 1000, `KiB MiB ...` of 1024. A unit alone (`K`,
  /// `MB`) also shows its letter after each number.
  static func parse(_ text: [UInt8]) -> Result<BlockSize, ParseError> {
    var spec = text[...]
    if spec.first == UInt8(ascii: "'") { spec = spec.dropFirst() }
    let word = String(decoding: spec, as: UTF8.self)
    if !word.isEmpty {
      if "human-readable".hasPrefix(word) { return .success(.humanReadable) }
      if "si".hasPrefix(word) { return .success(.si) }
    }
    switch ScaledNumber.parse(spec, suffixes: "eEgGkKmMpPtTyYzZ0") {
    case .failure(let error): return .failure(error)
    case .success(let (value, digits, suffix)):
      guard value > 0 else { return .failure(.invalid) }
      var size = BlockSize(unit: value)
      if digits == 0, let last = suffix.last {
        // A unit without a number: show it after every number.
        size.showsSuffix = true
        size.showsB = last == UInt8(ascii: "B")
        size.base1024 = last != UInt8(ascii: "B") || suffix.dropLast().last == UInt8(ascii: "i")
      }
      return .success(size)
    }
  }
}

extension BlockSize {
  /// Reads a block size variable as gnulib does, which never refuses one:
  /// a value it cannot read counts as `fallback`, one with a bad suffix as
  /// the number before it, one too large as the largest; and none of them
  /// shows a unit.
  static func environmentValue(_ text: [UInt8], fallback: UInt64) -> BlockSize {
    switch parse(text) {
    case .success(let size): return size
    case .failure(.invalid): return BlockSize(unit: fallback)
    case .failure(.tooLarge): return BlockSize(unit: .max)
    case .failure(.invalidSuffix):
      var end = text.count - 1
      while end > 0 {
        if case .success(let (value, _, _)) = ScaledNumber.parse(
          text[..<end], suffixes: "eEgGkKmMpPtTyYzZ0")
        {
          return BlockSize(unit: value == 0 ? fallback : value)
        }
        end -= 1
      }
      return BlockSize(unit: fallback)
    }
  }
}

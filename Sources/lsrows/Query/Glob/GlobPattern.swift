/// A glob over bytes, as `--where`'s `~` and `--prune` use it: `*`, `?`,
/// `[…]` and `[!…]` classes with ranges, and `\` escaping the next byte.
///
/// On a path (``matchesSlashes`` false) `*`, `?` and classes stay within one
/// component, and `**` as a whole component crosses any number of them
/// (`src/**/*.swift` matches `src/a.swift` and `src/a/b/c.swift`).
///
/// A class, immutable: evaluating a query for every row then passes one
/// reference around instead of copying the token arrays.
final class GlobPattern: Sendable, Equatable {
  enum Token: Sendable, Equatable {
    case byte(UInt8)
    /// `?`: one byte.
    case anyByte
    /// `[…]`: one byte of the set, or not of it.
    case set(ByteSet, negated: Bool)
    /// `*`: any bytes (within a component on a path).
    case star
    /// `**` as a whole component of a path: any bytes, slashes included.
    case globstar
  }

  let tokens: [Token]
  /// Whether `*`, `?` and classes match `/`: true but for paths.
  let matchesSlashes: Bool
  /// The literal runs between stars, when the pattern is only literals and
  /// `*` over a value where stars cross everything: the common
  /// `*.swift`, `IMG_*`, `*7*` are matched with prefix, suffix and
  /// substring tests instead of the general automaton.
  let literalRuns: [[UInt8]]?

  static func == (lhs: GlobPattern, rhs: GlobPattern) -> Bool {
    lhs.tokens == rhs.tokens && lhs.matchesSlashes == rhs.matchesSlashes
  }

  init(tokens: [Token], matchesSlashes: Bool) {
    self.tokens = tokens
    self.matchesSlashes = matchesSlashes
    var runs: [[UInt8]] = [[]]
    var simple = matchesSlashes
    for token in tokens where simple {
      switch token {
      case .byte(let byte): runs[runs.count - 1].append(byte)
      case .star, .globstar: runs.append([])
      case .anyByte, .set: simple = false
      }
    }
    literalRuns = simple ? runs : nil
  }
}

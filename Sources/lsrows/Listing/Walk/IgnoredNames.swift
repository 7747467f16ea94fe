import Glibc

/// Names a directory's listing leaves out: `-I` and `-B` patterns, and
/// `--hide` patterns unless `-a` or `-A` is given, matched as ls matches
/// them (`fnmatch` with a leading dot matched only explicitly).
///
/// Operands are never left out, only entries read from directories.
struct IgnoredNames: Sendable {
  /// Each pattern with a NUL after it.
  private let patterns: [[CChar]]

  init(_ patterns: [[UInt8]]) {
    self.patterns = patterns.map { $0.map { CChar(bitPattern: $0) } + [0] }
  }

  var isEmpty: Bool { patterns.isEmpty }

  /// Whether `name` matches a pattern.
  func contains(_ name: ArraySlice<UInt8>) -> Bool {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { buffer in
      _ = buffer.initialize(from: name.lazy.map { CChar(bitPattern: $0) })
      buffer[name.count] = 0
      return patterns.contains { pattern in
        fnmatch(pattern, buffer.baseAddress!, FNM_PERIOD) == 0
      }
    }
  }
}

extension ColorPalette {
  /// Whether `TERM` names a terminal ls's built-in database knows to take
  /// colors (the `TERM` lines of `dircolors -p`).
  static func isKnownTerminal(_ term: [UInt8]) -> Bool {
    let patterns = [
      "Eterm", "ansi", "*color*", "con[0-9]*x[0-9]*", "cons25", "console", "cygwin", "*direct*",
      "dtterm", "gnome", "hurd", "jfbterm", "konsole", "kterm", "linux", "linux-c", "mlterm",
      "putty", "rxvt*", "screen*", "st", "terminator", "tmux*", "vt100", "xterm*",
    ]
    return patterns.contains { globMatches(Array($0.utf8)[...], term[...]) }
  }

  /// fnmatch for the patterns above: `*`, `[a-b]` classes and literals.
  private static func globMatches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case UInt8(ascii: "*"):
      let rest = pattern.dropFirst()
      var candidate = text
      while true {
        if globMatches(rest, candidate) { return true }
        guard !candidate.isEmpty else { return false }
        candidate = candidate.dropFirst()
      }
    case UInt8(ascii: "["):
      guard let close = pattern.firstIndex(of: UInt8(ascii: "]")), let byte = text.first else {
        return false
      }
      let set = pattern[(pattern.startIndex + 1)..<close]
      var matches = false
      var index = set.startIndex
      while index < set.endIndex {
        if index + 2 < set.endIndex && set[index + 1] == UInt8(ascii: "-") {
          if (set[index]...set[index + 2]).contains(byte) { matches = true }
          index += 3
        } else {
          if set[index] == byte { matches = true }
          index += 1
        }
      }
      return matches && globMatches(pattern[(close + 1)...], text.dropFirst())
    default:
      guard text.first == first else { return false }
      return globMatches(pattern.dropFirst(), text.dropFirst())
    }
  }
}

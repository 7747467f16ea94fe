import Glibc

extension GlobPattern {
  /// Whether the pattern matches the whole of `text`.
  ///
  /// - Parameters:
  ///   - text: The bytes, in one or two parts.
  ///   - usingRuns: Whether a pattern of literals and stars may take the
  ///     shortcut (tests compare the two ways).
  /// - Returns: Whether every byte is matched.
  func matches(_ text: FieldText, usingRuns: Bool = true) -> Bool {
    text.head.withUnsafeBufferPointer { head in
      text.tail.withUnsafeBufferPointer { tail in
        if usingRuns, let literalRuns, tail.isEmpty {
          return Self.matchesRuns(literalRuns, head)
        }
        return matchesByAutomaton(head, tail)
      }
    }
  }

  /// Whether the pattern matches all of `bytes`.
  func matches(_ bytes: [UInt8]) -> Bool {
    matches(FieldText(bytes))
  }

  /// Literal runs separated by stars that cross everything: the first run
  /// is a prefix, the last a suffix, the others found in order between.
  private static func matchesRuns(_ runs: [[UInt8]], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = runs.first, let last = runs.last else { return false }
    if runs.count == 1 {
      return text.count == first.count && first.elementsEqual(text)
    }
    guard text.count >= first.count + last.count,
      first.elementsEqual(text.prefix(first.count)),
      last.elementsEqual(text.suffix(last.count))
    else { return false }
    var position = first.count
    let end = text.count - last.count
    for run in runs.dropFirst().dropLast() where !run.isEmpty {
      guard let found = find(run, in: text, from: position, before: end) else { return false }
      position = found + run.count
    }
    return true
  }

  /// The first offset at or after `start` where `needle` lies wholly
  /// before `end`. (glibc's memmem is not in Swift's Glibc module.)
  private static func find(
    _ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int
  ) -> Int? {
    guard let first = needle.first, end - start >= needle.count else { return nil }
    let base = text.baseAddress!
    var position = start
    while position + needle.count <= end {
      guard let hit = memchr(base + position, Int32(first), end - needle.count + 1 - position)
      else {
        return nil
      }
      position = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      if needle.withUnsafeBytes({ memcmp(base + position, $0.baseAddress!, needle.count) }) == 0 {
        return position
      }
      position += 1
    }
    return nil
  }

  /// The general case: the set of pattern positions reachable after each
  /// byte, O(bytes × tokens), never exponential however many stars.
  private func matchesByAutomaton(
    _ head: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let count = tokens.count
    var current = [Bool](repeating: false, count: count + 1)
    var next = current
    current[0] = true
    close(&current)
    for part in [head, tail] {
      for byte in part {
        for index in 0...count { next[index] = false }
        var any = false
        for index in 0..<count where current[index] {
          switch tokens[index] {
          case .byte(let wanted):
            if byte == wanted {
              next[index + 1] = true
              any = true
            }
          case .anyByte:
            if crosses(byte) {
              next[index + 1] = true
              any = true
            }
          case .set(let set, let negated):
            if crosses(byte) && set.contains(byte) != negated {
              next[index + 1] = true
              any = true
            }
          case .star:
            if crosses(byte) {
              next[index] = true
              any = true
            }
          case .globstar:
            next[index] = true
            any = true
          }
        }
        guard any else { return false }
        close(&next)
        swap(&current, &next)
      }
    }
    return current[count]
  }

  /// Whether `*`, `?` and classes may match `byte`.
  private func crosses(_ byte: UInt8) -> Bool {
    matchesSlashes || byte != UInt8(ascii: "/")
  }

  /// Adds the positions reachable without reading a byte: past a star
  /// (which may match nothing), and past `**/` (no component at all).
  private func close(_ states: inout [Bool]) {
    for index in 0..<tokens.count where states[index] {
      switch tokens[index] {
      case .star:
        states[index + 1] = true
      case .globstar:
        states[index + 1] = true
        if index + 1 < tokens.count, tokens[index + 1] == .byte(UInt8(ascii: "/")) {
          states[index + 2] = true
        }
      default:
        break
      }
    }
  }
}

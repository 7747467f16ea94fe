import Glibc

/// A POSIX extended regular expression compiled by glibc's `regcomp`, as
/// `grep -E` reads one, matched anywhere in a value of bytes.
///
/// lsrows never sets a locale, so glibc compiles and matches in the C
/// locale whatever the environment says: every byte is one character, `.`
/// matches any byte, ranges are byte ranges, and a value that is not UTF-8
/// matches as the bytes it is. `^` and `$` anchor the whole value: a name
/// holding a newline is one line.
///
/// ```swift
/// let header = try ExtendedRegex(compiling: Array("\\.h$".utf8))
/// let matches = header.matches(Array("stdio.h".utf8)[...])  // true
/// ```
final class ExtendedRegex: @unchecked Sendable {
  // Unchecked: the compiled pattern is written once, by `regcomp`, before
  // the object is shared; glibc's `regexec` only reads it, under a lock of
  // its own for the state it caches, so threads may match at once.

  private let compiled: UnsafeMutablePointer<regex_t>
  /// The pattern as a plain string, when it is one (``PlainPattern``).
  private let plain: PlainPattern?

  /// Why a pattern does not compile, in glibc's words (`regerror`).
  struct CompileError: Error, Equatable {
    let reason: String
  }

  /// Compiles `pattern`, which holds no NUL.
  ///
  /// - Throws: ``CompileError`` with glibc's reason (`Unmatched ( or \(`),
  ///   or, before glibc sees it, for a pattern glibc would take minutes or
  ///   gigabytes over (see ``Cost``): repetitions that expand past
  ///   ``largestExpansion``, a loop over an assertion that can match empty,
  ///   or a back-reference, which could match in exponential time.
  init(compiling pattern: [UInt8]) throws(CompileError) {
    let cost = Self.cost(of: pattern)
    guard cost.positions <= Self.largestExpansion else {
      throw CompileError(
        reason: "its repetitions expand to more than \(Self.largestExpansion) positions")
    }
    guard !cost.loopedAssertion else {
      throw CompileError(
        reason: "a loop over an anchor or word boundary that can match the empty string")
    }
    guard !cost.emptyLoop || cost.emptyLayers <= Self.largestEmptyLayers else {
      throw CompileError(
        reason:
          "more than \(Self.largestEmptyLayers) repetitions of parts that can already match "
          + "the empty string (a??, (a?)?), with a loop over one")
    }
    guard !cost.backReference else {
      throw CompileError(
        reason: "back-references (\\1 to \\9) are not part of extended regular expressions")
    }
    // Compiled before the object exists: a failed one is freed here, and
    // never reaches `deinit`.
    let compiled = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    let status = (pattern + [0]).withUnsafeBufferPointer { pattern in
      pattern.withMemoryRebound(to: CChar.self) {
        regcomp(compiled, $0.baseAddress, REG_EXTENDED | REG_NOSUB)
      }
    }
    guard status == 0 else {
      var message = [CChar](repeating: 0, count: 256)
      regerror(status, compiled, &message, message.count)
      compiled.deallocate()
      let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      throw CompileError(reason: String(decoding: bytes, as: UTF8.self))
    }
    self.compiled = compiled
    plain = PlainPattern(pattern)
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
  }

  /// Whether the pattern matches anywhere in `bytes`, which hold no NUL.
  func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if let plain { return plain.matches(bytes) }
    // A copy with a NUL after it: REG_STARTEND bounds glibc's search, but
    // what intercepts `regexec` (AddressSanitizer's) measures the string
    // with strlen, and a value's bytes are followed by whatever comes next.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { copy in
      if let base = bytes.baseAddress {
        UnsafeMutableRawPointer(copy.baseAddress!).copyMemory(from: base, byteCount: bytes.count)
      }
      copy[bytes.count] = 0
      var range = regmatch_t(rm_so: 0, rm_eo: regoff_t(bytes.count))
      return regexec(compiled, copy.baseAddress!, 1, &range, REG_STARTEND) == 0
    }
  }

  /// Whether the pattern matches anywhere in `bytes`.
  func matches(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { matches($0) }
  }
}

/// A regular expression that is a string of bytes, maybe anchored.
///
/// `\.h$`, `^README`, `lib`: ordinary bytes and escaped special ones
/// only, a `^` first and a `$` last. It matches as glibc would, by
/// comparing bytes, without a copy of the value or a call into `regexec`
/// for each.
struct PlainPattern: Equatable {
  let bytes: [UInt8]
  let isAnchoredAtStart: Bool
  let isAnchoredAtEnd: Bool

  /// The bytes that mean more than themselves in an extended regular
  /// expression, and the ones that do after a backslash.
  private static let special = Set(".[]()*+?{}|^$\\".utf8)

  init(bytes: [UInt8], start: Bool, end: Bool) {
    self.bytes = bytes
    isAnchoredAtStart = start
    isAnchoredAtEnd = end
  }

  /// `pattern` as a plain string; `nil` when it is anything more.
  init?(_ pattern: [UInt8]) {
    var rest = pattern[...]
    isAnchoredAtStart = rest.first == UInt8(ascii: "^")
    if isAnchoredAtStart { rest = rest.dropFirst() }
    var bytes: [UInt8] = []
    var anchoredAtEnd = false
    while let byte = rest.first {
      rest = rest.dropFirst()
      if byte == UInt8(ascii: "\\") {
        // Only an escaped special byte is itself; \w, \< and the like are
        // glibc's own operators.
        guard let escaped = rest.first, Self.special.contains(escaped) else { return nil }
        bytes.append(escaped)
        rest = rest.dropFirst()
      } else if byte == UInt8(ascii: "$") && rest.isEmpty {
        anchoredAtEnd = true
      } else if Self.special.contains(byte) {
        return nil
      } else {
        bytes.append(byte)
      }
    }
    self.bytes = bytes
    isAnchoredAtEnd = anchoredAtEnd
  }

  func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count <= text.count else { return false }
    switch (isAnchoredAtStart, isAnchoredAtEnd) {
    case (true, true): return text.elementsEqual(bytes)
    case (true, false): return text.starts(with: bytes)
    case (false, true): return text[(text.count - bytes.count)...].elementsEqual(bytes)
    case (false, false):
      // Names are short: a byte-wise search is as fast as any.
      let last = text.count - bytes.count
      return bytes.withUnsafeBufferPointer { needle in
        (0...last).contains { start in
          UnsafeBufferPointer(rebasing: text[start..<start + needle.count]).elementsEqual(needle)
        }
      }
    }
  }
}

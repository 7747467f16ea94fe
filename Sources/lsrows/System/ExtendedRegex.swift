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
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
  }

  /// Whether the pattern matches anywhere in `bytes`, which hold no NUL.
  func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // A copy with a NUL after it: REG_STARTEND bounds glibc's search, but
    // what intercepts `regexec` (AddressSanitizer's) measures the string
    // with strlen, and a value's bytes are followed by whatever comes next.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { copy in
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

/// Compares names as GNU filevercmp does (`ls -v`, `sort -V`): runs of
/// digits compare as numbers, `~` sorts before everything, and file suffixes
/// like `.tar.gz` are compared last.
///
/// - Returns: A negative number, zero or a positive number as `a` sorts
///   before, with or after `b`.
func compareVersions(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
  if a.isEmpty { return b.isEmpty ? 0 : -1 }
  if b.isEmpty { return 1 }

  // "." first, then "..", then other names starting with ".", then the rest.
  let dot = UInt8(ascii: ".")
  if a[0] == dot {
    if b[0] != dot { return -1 }
    let aIsDot = a.count == 1
    let bIsDot = b.count == 1
    if aIsDot { return bIsDot ? 0 : -1 }
    if bIsDot { return 1 }
    let aIsDotDot = a[1] == dot && a.count == 2
    let bIsDotDot = b[1] == dot && b.count == 2
    if aIsDotDot { return bIsDotDot ? 0 : -1 }
    if bIsDotDot { return 1 }
  } else if b[0] == dot {
    return 1
  }

  let aPrefix = versionPrefixLength(a)
  let bPrefix = versionPrefixLength(b)
  let onePassOnly = aPrefix == a.count && bPrefix == b.count
  let result = compareVersionRuns(
    UnsafeBufferPointer(rebasing: a[..<aPrefix]), UnsafeBufferPointer(rebasing: b[..<bPrefix]))
  return result != 0 || onePassOnly ? result : compareVersionRuns(a, b)
}

/// The length of `s` without its file suffix: the longest match of
/// `(\.[A-Za-z~][A-Za-z0-9~]*)*$`, which in coreutils 9.1 may be the whole
/// name (`.a` is all suffix).
private func versionPrefixLength(_ s: UnsafeBufferPointer<UInt8>) -> Int {
  var prefixLength = 0
  var index = 0
  let count = s.count
  while true {
    while index + 1 < count && s[index] == UInt8(ascii: ".")
      && (isASCIILetter(s[index + 1]) || s[index + 1] == UInt8(ascii: "~"))
    {
      index += 2
      while index < count && (isASCIIAlphanumeric(s[index]) || s[index] == UInt8(ascii: "~")) {
        index += 1
      }
    }
    if index >= count { return prefixLength }
    index += 1
    prefixLength = index
  }
}

/// Debian's version comparison (dpkg's verrevcmp) of two strings.
private func compareVersionRuns(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
  -> Int
{
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    var firstDifference = 0
    while (i < a.count && !isASCIIDigit(a[i])) || (j < b.count && !isASCIIDigit(b[j])) {
      let orderA = characterOrder(a, i)
      let orderB = characterOrder(b, j)
      if orderA != orderB { return orderA - orderB }
      i += 1
      j += 1
    }
    while i < a.count && a[i] == UInt8(ascii: "0") { i += 1 }
    while j < b.count && b[j] == UInt8(ascii: "0") { j += 1 }
    while i < a.count && j < b.count && isASCIIDigit(a[i]) && isASCIIDigit(b[j]) {
      if firstDifference == 0 { firstDifference = Int(a[i]) - Int(b[j]) }
      i += 1
      j += 1
    }
    if i < a.count && isASCIIDigit(a[i]) { return 1 }
    if j < b.count && isASCIIDigit(b[j]) { return -1 }
    if firstDifference != 0 { return firstDifference }
  }
  return 0
}

/// Where a byte sorts in verrevcmp: the end first but for `~`, which sorts
/// before even the end; letters before other bytes.
private func characterOrder(_ s: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
  guard position < s.count else { return -1 }
  let byte = s[position]
  if isASCIIDigit(byte) { return 0 }
  if isASCIILetter(byte) { return Int(byte) }
  if byte == UInt8(ascii: "~") { return -2 }
  return Int(byte) + 256
}

private func isASCIIDigit(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
}

private func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
  isASCIIDigit(byte) || isASCIILetter(byte)
}

/// Compares names by what follows their last dot, dot included, as ls -X
/// does; a name with no dot has an empty extension.
func compareExtensions(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
  func suffix(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else {
      return UnsafeBufferPointer(rebasing: name[name.endIndex...])
    }
    return UnsafeBufferPointer(rebasing: name[dot...])
  }
  let x = suffix(a)
  let y = suffix(b)
  if x.isEmpty || y.isEmpty { return x.count - y.count }
  return Int(compareBytes(x.baseAddress!, count: x.count, y.baseAddress!, count: y.count))
}

/// Compares the names of two entries of one list, byte-wise.
@inline(__always)
func compareNames(_ a: Entry, _ b: Entry, _ names: UnsafePointer<UInt8>) -> Int32 {
  if a.namePrefix != b.namePrefix {
    return a.namePrefix < b.namePrefix ? -1 : 1
  }
  // Equal prefixes: the names agree on their first eight bytes (or are
  // equal and shorter), so only the rest needs comparing.
  let countA = Int(a.nameLength)
  let countB = Int(b.nameLength)
  guard countA > 8 || countB > 8 else { return 0 }
  return compareBytes(
    names + Int(a.nameOffset) + 8, count: max(countA - 8, 0),
    names + Int(b.nameOffset) + 8, count: max(countB - 8, 0))
}

/// Appends the standard Base64 encoding (RFC 4648, with padding) of `bytes`.
func appendBase64(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var iterator = bytes.makeIterator()
  while let first = iterator.next() {
    let second = iterator.next()
    let third = iterator.next()
    let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
    output.append(alphabet[Int(group >> 18 & 63)])
    output.append(alphabet[Int(group >> 12 & 63)])
    output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
    output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
  }
}

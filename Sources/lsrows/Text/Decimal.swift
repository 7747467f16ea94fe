/// Appends the decimal digits of `value`.
func appendDecimal(_ value: UInt64, to output: inout [UInt8]) {
  if value < 10 {
    output.append(UInt8(ascii: "0") + UInt8(value))
    return
  }
  // Digits are made right to left in a stack buffer, then appended at once.
  var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
  withUnsafeMutableBytes(of: &digits) { buffer in
    var start = buffer.count
    var rest = value
    while rest > 0 {
      start -= 1
      buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
  }
}

/// Appends the decimal digits of a signed `value`.
func appendDecimal(_ value: Int64, to output: inout [UInt8]) {
  if value < 0 {
    output.append(UInt8(ascii: "-"))
    appendDecimal(value.magnitude, to: &output)
  } else {
    appendDecimal(UInt64(value), to: &output)
  }
}

/// Appends `value` in decimal, padded on the left with zeros to `width` digits.
func appendDecimal(_ value: UInt64, zeroPaddedTo width: Int, to output: inout [UInt8]) {
  let count = decimalWidth(value)
  if count < width {
    output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count))
  }
  appendDecimal(value, to: &output)
}

/// The number of decimal digits of `value`.
func decimalWidth(_ value: UInt64) -> Int {
  var count = 1
  var rest = value
  while rest >= 10 {
    rest /= 10
    count += 1
  }
  return count
}

/// Appends `value` in decimal, right-aligned in a field of `width` columns.
func appendDecimal(_ value: UInt64, rightAlignedTo width: Int, to output: inout [UInt8]) {
  let count = decimalWidth(value)
  if count < width {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count))
  }
  appendDecimal(value, to: &output)
}

/// Appends `value` in decimal, or `?` when it is unknown (as ls shows a
/// number it could not read), right-aligned in a field of `width` columns.
func appendDecimal(_ value: UInt64?, rightAlignedTo width: Int, to output: inout [UInt8]) {
  guard let value else { return appendUnknown(rightAlignedTo: width, to: &output) }
  appendDecimal(value, rightAlignedTo: width, to: &output)
}

/// Appends `?`, what ls shows for a value it could not read, right-aligned
/// in a field of `width` columns.
func appendUnknown(rightAlignedTo width: Int, to output: inout [UInt8]) {
  appendRightAligned(CollectionOfOne(UInt8(ascii: "?")), width: width, to: &output)
}

/// Appends `text` right-aligned in a field of `width` columns (one byte a column).
func appendRightAligned(_ text: some Collection<UInt8>, width: Int, to output: inout [UInt8]) {
  if text.count < width {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - text.count))
  }
  output.append(contentsOf: text)
}

/// Appends `text` left-aligned in a field of `width` columns.
func appendLeftAligned(_ text: some Collection<UInt8>, width: Int, to output: inout [UInt8]) {
  output.append(contentsOf: text)
  if text.count < width {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - text.count))
  }
}

/// The decimal digits of `value` as bytes.
func decimalBytes(_ value: some BinaryInteger) -> [UInt8] {
  var bytes: [UInt8] = []
  if let signed = Int64(exactly: value) {
    appendDecimal(signed, to: &bytes)
  } else {
    appendDecimal(UInt64(truncatingIfNeeded: value), to: &bytes)
  }
  return bytes
}

/// One CSV field: quoted when it holds a comma, a quote, CR or LF, with
/// quotes doubled (RFC 4180).
enum CSVField {
  /// Appends `field`, quoted as needed.
  static func append(_ field: some Collection<UInt8>, to output: inout [UInt8]) {
    guard field.contains(where: needsQuotes) else {
      output.append(contentsOf: field)
      return
    }
    output.append(UInt8(ascii: "\""))
    for byte in field {
      if byte == UInt8(ascii: "\"") { output.append(byte) }
      output.append(byte)
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends a value as text, quoted as needed; only text can need quotes,
  /// so other values are written straight out.
  static func append(_ value: FieldValue, scratch: inout [UInt8], to output: inout [UInt8]) {
    guard case .text(let text) = value, text.contains(where: needsQuotes) else {
      value.appendText(to: &output)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    text.append(to: &scratch)
    append(scratch, to: &output)
  }

  private static func needsQuotes(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A
  }
}

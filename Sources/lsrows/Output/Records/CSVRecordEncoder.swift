/// Writes a row as one RFC 4180 record: the recorded fields, in ``Field``
/// order, or those `--fields` names, in its order, with a
/// `<field>_base64` column after each bytes field.
///
/// Values are written as templates write them; a bytes field that is not
/// UTF-8 is repaired (U+FFFD per bad byte) and its exact bytes go in the
/// Base64 column, which is otherwise empty. A value that could not be read,
/// or that the row has no such thing for, is an empty field. Records end
/// with CRLF: the encoder writes the CR, the row terminator the LF.
struct CSVRecordEncoder {
  let reader: FieldReader
  /// Show unprintable bytes inside fields as `?` (on a terminal; CSV has
  /// no escapes of its own).
  let hidesControlCharacters: Bool

  /// Each field, and whether a Base64 column follows it.
  private let columns: [(Field, Bool)]

  /// An encoder of `fields`, in their order.
  init(reader: FieldReader, hidesControlCharacters: Bool, fields: [Field]) {
    self.reader = reader
    self.hidesControlCharacters = hidesControlCharacters
    columns = fields.map { ($0, $0.type == .bytes) }
  }

  /// The header line's text: each column's name.
  var header: [UInt8] {
    var header: [UInt8] = []
    for (index, (field, hasTwin)) in columns.enumerated() {
      if index > 0 { header.append(UInt8(ascii: ",")) }
      header.append(contentsOf: field.rawValue.utf8)
      if hasTwin { header.append(contentsOf: ",\(field.rawValue)_base64".utf8) }
    }
    Self.endRecord(&header)
    return header
  }

  /// Ends a record (the header too): RFC 4180's CR before the row's LF.
  private static func endRecord(_ output: inout [UInt8]) {
    output.append(0x0D)
  }

  /// Appends one record for `row`.
  func append(_ row: FileRow, to output: inout [UInt8]) {
    var scratch: [UInt8] = []
    let fields = reader.fields(of: row)
    for (index, (field, hasTwin)) in columns.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      let start = output.count
      var twin: [UInt8] = []
      if let value = fields.value(field) {
        if case .text(let text) = value, !UTF8Text.isValid(text) {
          scratch.removeAll(keepingCapacity: true)
          UTF8Text.appendRepaired(text.bytes, to: &scratch)
          CSVField.append(scratch, to: &output)
          if hasTwin { appendBase64(text.bytes, to: &twin) }
        } else {
          CSVField.append(value, scratch: &scratch, to: &output)
        }
      }
      if hasTwin {
        output.append(UInt8(ascii: ","))
        output.append(contentsOf: twin)
      }
      if hidesControlCharacters { NameStyle.hideControlCharacters(in: &output, from: start) }
    }
    Self.endRecord(&output)
  }
}

/// Writes a row as one JSON object (JSON Lines): every recorded field, in
/// ``Field`` order.
///
/// Values: text as a string (repaired to UTF-8, with the exact bytes in a
/// `<field>_base64` key right after when a bytes field needed repair),
/// numbers as numbers, times as RFC 3339 strings, kinds, modes and
/// permissions as strings. A value that could not be read is `null`; a
/// field the row has no such thing for (`target` of a file that is not a
/// link) is left out.
struct JSONRecordEncoder {
  let reader: FieldReader

  /// A recorded field with its keys and their punctuation (`,"path":`),
  /// made once: rows never build or hash a key.
  private struct Key {
    let field: Field
    let isBytes: Bool
    let name: [UInt8]
    let base64Name: [UInt8]
  }

  private static let keys = Field.recorded.map { field in
    Key(
      field: field, isBytes: field.type == .bytes, name: Array(",\"\(field.rawValue)\":".utf8),
      base64Name: Array(",\"\(field.rawValue)_base64\":".utf8))
  }
  private static let null = Array("null".utf8)

  /// Appends one JSON object for `row`.
  func append(_ row: FileRow, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    var first = true
    for key in Self.keys {
      guard let value = reader.value(key.field, of: row) else {
        appendName(key.name, first: &first, to: &output)
        output.append(contentsOf: Self.null)
        continue
      }
      if case .none = value { continue }
      appendName(key.name, first: &first, to: &output)
      append(value, key, to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  private func appendName(_ name: [UInt8], first: inout Bool, to output: inout [UInt8]) {
    output.append(contentsOf: first ? name[1...] : name[...])
    first = false
  }

  private func append(_ value: FieldValue, _ key: Key, to output: inout [UInt8]) {
    switch value {
    case .text(let text):
      let repaired = JSONString.appendRepaired(text, to: &output)
      if repaired && key.isBytes {
        output.append(contentsOf: key.base64Name)
        output.append(UInt8(ascii: "\""))
        appendBase64(text.bytes, to: &output)
        output.append(UInt8(ascii: "\""))
      }
    case .unsigned, .signed:
      value.appendText(to: &output)
    case .time, .kind, .mode, .permissions:
      output.append(UInt8(ascii: "\""))
      value.appendText(to: &output)
      output.append(UInt8(ascii: "\""))
    case .none:
      break
    }
  }

  /// Every recorded field needs reading.
  static var metadataNeeds: MetadataNeeds {
    Field.recorded.reduce(.none) { $0.union($1.metadataNeeds) }
  }
}

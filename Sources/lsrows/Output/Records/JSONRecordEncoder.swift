/// Writes a row as one JSON object (JSON Lines): the recorded fields, in
/// ``Field`` order, or those `--fields` names, in its order.
///
/// Values: text as a string (repaired to UTF-8, with the exact bytes in a
/// `<field>_base64` key right after when a bytes field needed repair),
/// numbers as numbers, times as RFC 3339 strings, kinds, modes and
/// permissions as strings. A value that could not be read is `null`; a
/// field the row has no such thing for (`target` of a file that is not a
/// link) is left out.
struct JSONRecordEncoder {
  let reader: FieldReader
  /// The keys, and the bytes they are written from.
  private let keys: [Key]
  private let keyBytes: [UInt8]

  /// An encoder of `fields`, in their order.
  init(reader: FieldReader, fields: [Field]) {
    self.reader = reader
    (keys, keyBytes) = Self.keys(of: fields)
  }

  /// A recorded field and where its keys are in ``keyBytes``: rows copy
  /// key bytes from one buffer, never retaining an array per key.
  private struct Key {
    let field: Field
    let isBytes: Bool
    /// `,"path":`.
    let name: Range<Int>
    /// `"path":`, for the first key.
    let firstName: Range<Int>
    /// `,"path_base64":`.
    let base64Name: Range<Int>
  }

  private static func keys(of fields: [Field]) -> ([Key], [UInt8]) {
    var bytes: [UInt8] = []
    var keys: [Key] = []
    func add(_ text: String) -> Range<Int> {
      let start = bytes.count
      bytes.append(contentsOf: text.utf8)
      return start..<bytes.count
    }
    for field in fields {
      let name = add(",\"\(field.rawValue)\":")
      keys.append(
        Key(
          field: field, isBytes: field.type == .bytes, name: name,
          firstName: name.lowerBound + 1..<name.upperBound,
          base64Name: add(",\"\(field.rawValue)_base64\":")))
    }
    return (keys, bytes)
  }

  /// Appends one JSON object for `row`.
  func append(_ row: FileRow, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    let fields = reader.fields(of: row)
    keyBytes.withUnsafeBufferPointer { keyBytes in
      keys.withUnsafeBufferPointer { keys in
        var first = true
        for key in keys {
          let value = fields.value(key.field)
          if case .notApplicable? = value { continue }
          let name = keyBytes[first ? key.firstName : key.name]
          output.append(contentsOf: UnsafeBufferPointer(rebasing: name))
          first = false
          guard let value else {
            output.append(contentsOf: Self.null)
            continue
          }
          append(value, base64Name: key.isBytes ? keyBytes[key.base64Name] : nil, to: &output)
        }
      }
    }
    output.append(UInt8(ascii: "}"))
  }

  private static let null = Array("null".utf8)

  private func append(
    _ value: FieldValue, base64Name: UnsafeBufferPointer<UInt8>.SubSequence?,
    to output: inout [UInt8]
  ) {
    switch value {
    case .text(let text):
      let repaired = JSONString.appendRepaired(text, to: &output)
      if repaired, let base64Name {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: base64Name))
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
    case .notApplicable:
      break
    }
  }
}

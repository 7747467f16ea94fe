/// Writes a row as a ``Template`` says: its literal bytes, and each field's
/// value as text (see ``FieldValue/appendText(to:)``).
///
/// A field whose value could not be read shows `?`, as ls shows what it
/// could not stat; a field the row has no such thing for (the target of a
/// file that is not a link) shows nothing.
struct TemplateEncoder {
  let template: Template
  let reader: FieldReader
  /// Show unprintable bytes of the values as `?` (on a terminal).
  let hidesControlCharacters: Bool

  /// Appends the template's text for `row`.
  func append(_ row: FileRow, to output: inout [UInt8]) {
    let fields = reader.fields(of: row)
    for segment in template.segments {
      switch segment {
      case .literal(let bytes):
        output.append(contentsOf: bytes)
      case .field(let field, let format):
        let start = output.count
        if let value = fields.value(field) {
          if let format { format.append(value, to: &output) } else { value.appendText(to: &output) }
        } else {
          output.append(UInt8(ascii: "?"))
        }
        if hidesControlCharacters { NameStyle.hideControlCharacters(in: &output, from: start) }
      }
    }
  }

  /// What the template's fields need read about each entry.
  var metadataNeeds: MetadataNeeds {
    template.fields.reduce(.none) { $0.union($1.metadataNeeds) }
  }
}

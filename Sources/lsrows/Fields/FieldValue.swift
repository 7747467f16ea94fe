/// The value of one field of one row.
///
/// A field whose value could not be read (the file vanished before its
/// status was read) has no `FieldValue` at all: the reader returns `nil`.
enum FieldValue: Sendable {
  /// Bytes or text.
  case text(FieldText)
  case unsigned(UInt64)
  case signed(Int64)
  case time(Timestamp)
  case kind(FileKind)
  /// A mode, shown as ls's mode string.
  case mode(FileMode)
  /// A mode, shown as its permission bits in octal.
  case permissions(FileMode)
  /// The row has no such thing: the target of a file that is not a link.
  case notApplicable
}

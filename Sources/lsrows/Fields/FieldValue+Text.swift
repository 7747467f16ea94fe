extension FieldValue {
  /// Appends the value as text, as templates and CSV show it: numbers in
  /// decimal, times in RFC 3339 (UTC, nanoseconds), kinds as their word,
  /// modes as ls shows them, permissions in octal; nothing for
  /// ``notApplicable``.
  func appendText(to output: inout [UInt8]) {
    switch self {
    case .text(let text): text.append(to: &output)
    case .unsigned(let number): appendDecimal(number, to: &output)
    case .signed(let number): appendDecimal(number, to: &output)
    case .time(let time): TimestampFormat.appendRFC3339(time, to: &output)
    case .kind(let kind): output.append(contentsOf: kind.word.utf8)
    case .mode(let mode): appendModeString(mode, to: &output)
    case .permissions(let mode): appendOctalPermissions(mode, to: &output)
    case .notApplicable: break
    }
  }
}

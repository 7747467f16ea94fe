/// Quotes byte strings the way GNU ls (gnulib's quotearg) does in the C locale.
///
/// The rules follow quotearg's: the shell styles close a `'…'` string around
/// an escape and write it as `$'\ooo'`; the styles that elide the outer quotes
/// fall back to the quoted form as soon as one byte needs it; a shell-quoted
/// string whose only problem is a `'` is written as a C string instead.
struct Quoting: Sendable {
  var style: QuotingStyle
  /// Bytes to escape on top of those the style escapes (ls adds the `-F`
  /// indicator characters, and a space for `--escape`).
  var alsoEscaped = ByteSet()

  init(_ style: QuotingStyle, alsoEscaped: ByteSet = ByteSet()) {
    self.style = style
    self.alsoEscaped = alsoEscaped
  }

  /// Appends `input` to `output`, quoted.
  func append(_ input: some Collection<UInt8>, to output: inout [UInt8]) {
    if style == .literal {
      output.append(contentsOf: input)
      return
    }
    if isPlain(input) {
      if elidesOuterQuotes {
        output.append(contentsOf: input)
        return
      }
    }
    output.append(contentsOf: quoted(input))
  }

  /// Returns `input` quoted.
  func quoted(_ input: some Collection<UInt8>) -> [UInt8] {
    let bytes = Array(input)
    var pass = QuotingPass(
      input: bytes, style: style, elideOuterQuotes: false, alsoEscaped: alsoEscaped)
    return pass.run()
  }

  private var elidesOuterQuotes: Bool {
    switch style {
    case .shell, .shellEscape, .cMaybe, .escape: true
    default: false
    }
  }

  /// Whether no byte of `input` needs quoting in any style (the common case).
  private func isPlain(_ input: some Collection<UInt8>) -> Bool {
    guard !input.isEmpty else { return false }
    for byte in input where !Quoting.plainBytes.contains(byte) || alsoEscaped.contains(byte) {
      return false
    }
    return true
  }

  /// Bytes that no style ever quotes or escapes.
  private static let plainBytes = ByteSet(
    Array("%+,-./0123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ]_abcdefghijklmnopqrstuvwxyz@".utf8))
}

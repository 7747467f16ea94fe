/// How names are shown to people: quoted, with unprintable bytes as `?`,
/// colored; as GNU ls shows them in the C locale.
struct NameStyle: Sendable {
  var quoting: Quoting
  /// Replace unprintable bytes left after quoting with `?` (ls on a terminal).
  var hidesControlCharacters: Bool
  /// The colors, or `nil` for none.
  var palette: ColorPalette?
  /// The terminal's width, for ls's clear-to-end-of-line after a colored
  /// name that wraps; 0 when unknown.
  var lineLength: Int

  /// Whether names go out exactly as they are.
  var isPlain: Bool {
    quoting.style == .literal && !hidesControlCharacters && palette == nil
  }

  /// Replaces unprintable bytes from `start` on with `?`, as ls does on a
  /// terminal.
  static func hideControlCharacters(in text: inout [UInt8], from start: Int = 0) {
    for index in start..<text.count where !(0x20...0x7E).contains(text[index]) {
      text[index] = UInt8(ascii: "?")
    }
  }

  /// The names of a pipe: literal bytes, no color.
  static let plain = NameStyle(
    quoting: Quoting(.literal), hidesControlCharacters: false, palette: nil, lineLength: 0)
}

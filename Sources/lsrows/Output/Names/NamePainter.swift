/// Writes names in a ``NameStyle``, keeping the little state ls keeps: the
/// first color sequence of the output is preceded by a reset.
final class NamePainter {
  let style: NameStyle
  /// `--hyperlink`'s links, or `nil`.
  let hyperlinks: Hyperlinks?
  private var usedColor = false
  /// Bytes of color sequences written since the row began: they take no
  /// column on the terminal.
  private(set) var sequenceBytesInRow = 0

  init(_ style: NameStyle, hyperlinks: Hyperlinks? = nil) {
    self.style = style
    self.hyperlinks = hyperlinks
  }

  /// Whether names go out exactly as they are, with nothing around them.
  var isPlain: Bool {
    style.isPlain && hyperlinks == nil
  }

  /// Whether what is written depends on the rows before: with colors, the
  /// output's first sequence is preceded by a reset.
  var carriesStateAcrossRows: Bool {
    style.palette != nil
  }

  /// The sequence that opens `row`'s hyperlink, when links are on.
  func link(for row: FileRow) -> [UInt8]? {
    hyperlinks?.opening(for: row)
  }

  /// Appends the name as it will show, before color (quoted, `?` for
  /// unprintables), to `output`.
  ///
  /// - Returns: How many bytes it appended.
  func appendShown(_ name: some Collection<UInt8>, to output: inout [UInt8]) -> Int {
    let start = output.count
    style.quoting.append(name, to: &output)
    if style.hidesControlCharacters { NameStyle.hideControlCharacters(in: &output, from: start) }
    return output.count - start
  }

  /// Whether quoting changes `name`; ls pads the other names of a `-l`
  /// listing by a space when some are quoted.
  func isQuoted(_ name: some Collection<UInt8>) -> Bool {
    var text: [UInt8] = []
    style.quoting.append(name, to: &text)
    return !text.elementsEqual(name)
  }

  /// Starts a row: ls sets the "normal" color first when `no` is colored.
  func beginRow(to output: inout [UInt8]) {
    sequenceBytesInRow = 0
    guard let palette = style.palette, palette.isColored(.normal) else { return }
    putSequence(palette[.normal]!, to: &output)
  }

  /// Appends a name: an optional pad, the color, the link, the shown
  /// bytes, the link's end, the reset.
  ///
  /// - Parameters:
  ///   - name: The bytes to show.
  ///   - color: The sequence from the palette, or `nil`.
  ///   - pad: Whether to put a space first (ls's alignment of quotes).
  ///   - column: Where on the line the name starts, for clear-to-end-of-line.
  ///   - link: The sequence that opens a hyperlink, or `nil`.
  ///   - quotesOutsideLink: Whether the shown name's outer quotes stay
  ///     outside the link, as ls keeps them when it aligns quoted names.
  ///   - output: Where the bytes go.
  func append(
    _ name: some Collection<UInt8>, color: [UInt8]?, pad: Bool = false, column: Int = 0,
    link: [UInt8]? = nil, quotesOutsideLink: Bool = false, to output: inout [UInt8]
  ) {
    if pad { output.append(UInt8(ascii: " ")) }
    let palette = style.palette
    let colored = palette.map { color != nil || $0.isColored(.normal) } ?? false
    if colored, let palette, let color {
      if palette.isColored(.normal) {
        // ls's restore_default_color: left and right with nothing between.
        putRaw(palette[.left] ?? [], to: &output)
        putRaw(palette[.right] ?? [], to: &output)
      }
      putSequence(color, to: &output)
    }
    let shownCount: Int
    if let link {
      var text: [UInt8] = []
      shownCount = appendShown(name, to: &text)
      appendLinked(
        text, link: link, quotesOutside: quotesOutsideLink && text.count >= 2, to: &output)
    } else {
      // Straight into the output: no array of its own per name.
      shownCount = appendShown(name, to: &output)
    }
    guard colored, let palette else { return }
    putEnd(to: &output)
    let width = shownCount + (pad ? 1 : 0)
    let lineLength = style.lineLength
    if lineLength > 0 && width > 0 && column / lineLength != (column + width - 1) / lineLength {
      putRaw(palette[.clearToEndOfLine] ?? [], to: &output)
    }
  }

  /// The shown bytes inside a link, whose sequences take no column.
  private func appendLinked(
    _ text: [UInt8], link: [UInt8], quotesOutside: Bool, to output: inout [UInt8]
  ) {
    var body = text[...]
    if quotesOutside {
      output.append(body.removeFirst())
    }
    let last = quotesOutside ? body.removeLast() : nil
    output.append(contentsOf: link)
    output.append(contentsOf: body)
    output.append(contentsOf: Hyperlinks.closing)
    if let last { output.append(last) }
    sequenceBytesInRow += link.count + Hyperlinks.closing.count
  }

  /// `lc` `sequence` `rc`.
  private func putSequence(_ sequence: [UInt8], to output: inout [UInt8]) {
    guard let palette = style.palette else { return }
    putRaw(palette[.left] ?? [], to: &output)
    putRaw(sequence, to: &output)
    putRaw(palette[.right] ?? [], to: &output)
  }

  /// ls's prep_non_filename_text: `ec`, or `lc` `rs` `rc`.
  private func putEnd(to output: inout [UInt8]) {
    guard let palette = style.palette else { return }
    if let end = palette[.end] {
      putRaw(end, to: &output)
    } else {
      putRaw(palette[.left] ?? [], to: &output)
      putRaw(palette[.reset] ?? [], to: &output)
      putRaw(palette[.right] ?? [], to: &output)
    }
  }

  /// Every sequence goes through here: the output's first is preceded by
  /// a reset, as ls's put_indicator does.
  private func putRaw(_ bytes: [UInt8], to output: inout [UInt8]) {
    if !usedColor {
      usedColor = true
      putEnd(to: &output)
    }
    output.append(contentsOf: bytes)
    sequenceBytesInRow += bytes.count
  }

  /// What ls writes after all rows: when colors were used with unusual
  /// `lc` or `rc`, a last `lc` `rc` to restore the terminal.
  func trailer() -> [UInt8] {
    guard usedColor, let palette = style.palette else { return [] }
    let left = palette[.left] ?? []
    let right = palette[.right] ?? []
    if left == [0x1B, UInt8(ascii: "[")] && right == [UInt8(ascii: "m")] { return [] }
    return left + right
  }
}

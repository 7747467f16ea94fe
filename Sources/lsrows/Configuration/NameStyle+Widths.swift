extension NameStyle {
  /// The widths `--sort=width` sorts by, as ls measures them in the C
  /// locale: the quoted name's bytes, where unprintable bytes count as the
  /// `?` that replaces them on a terminal and as nothing elsewhere.
  ///
  /// - Parameter padsUnquoted: Whether rows are `-l`'s, where ls moves
  ///   names without quotes one column right when others have them; only
  ///   the quoting styles that quote some names do that.
  /// - Returns: The measure, for ``EntryOrder``.
  func widths(padsUnquoted: Bool) -> NameWidths {
    let quoting = self.quoting
    let hides = hidesControlCharacters
    let pads = padsUnquoted && [.shell, .shellEscape, .cMaybe].contains(quoting.style)
    return NameWidths(
      measure: { name in
        var text: [UInt8] = []
        quoting.append(name, to: &text)
        let width = hides ? text.count : text.count { (0x20...0x7E).contains($0) }
        return (width, !text.elementsEqual(name))
      }, padsUnquoted: pads)
  }
}

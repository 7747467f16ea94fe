extension NamePainter {
  /// Appends the row's name as the listing shows it: quoted, colored.
  func appendName(of row: FileRow, to output: inout [UInt8]) {
    if isPlain {
      row.appendDisplayText(to: &output)
      return
    }
    append(row.displayText, color: color(of: row), link: link(for: row), to: &output)
  }

  /// The row's color sequence, if colors are on.
  func color(of row: FileRow) -> [UInt8]? {
    style.palette?.sequence(
      name: row.baseName, status: row.status, kind: row.kind, targetMode: row.targetMode)
  }
}

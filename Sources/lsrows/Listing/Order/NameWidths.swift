/// How wide names are as they are shown, for `--sort=width`: ls sorts by
/// the width of the quoted name on the screen.
struct NameWidths: Sendable {
  /// The width of a name as shown, and whether quoting changed it.
  let measure: @Sendable (UnsafeBufferPointer<UInt8>) -> (width: Int, isQuoted: Bool)
  /// Whether names that need no quotes count one column more when some
  /// other name of the directory is quoted (ls's alignment in `-l`).
  let padsUnquoted: Bool
}

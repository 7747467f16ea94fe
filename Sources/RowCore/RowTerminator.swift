/// The byte that ends every row a ``RowWriter`` writes.
///
/// ```swift
/// let newline = RowTerminator.newline.byte  // 10
/// let nul = RowTerminator.nul.byte          // 0
/// ```
public enum RowTerminator: Sendable {
  /// A line feed: one row per line.
  ///
  /// ```swift
  /// let lines = RowTerminator.newline  // rows end with "\n"
  /// ```
  case newline
  /// A NUL byte, for text that may itself hold line feeds (`xargs -0`).
  ///
  /// ```swift
  /// let records = RowTerminator.nul  // rows end with "\0"
  /// ```
  case nul

  /// The terminator's byte value.
  ///
  /// ```swift
  /// let byte = RowTerminator.newline.byte  // 10
  /// ```
  @inlinable
  public var byte: UInt8 {
    switch self {
    case .newline: 0x0A
    case .nul: 0x00
    }
  }
}

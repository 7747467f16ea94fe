/// The byte that ends every row a ``RowWriter`` writes.
///
/// ```swift
/// RowTerminator.newline.byte  // 10
/// RowTerminator.nul.byte      // 0
/// ```
public enum RowTerminator: Sendable {
  /// A line feed: one row per line.
  case newline
  /// A NUL byte, for text that may itself hold line feeds (`xargs -0`).
  case nul

  /// The terminator's byte value.
  @inlinable
  public var byte: UInt8 {
    switch self {
    case .newline: 0x0A
    case .nul: 0x00
    }
  }
}

/// A reference that holds one value of any type, so that rows of every type
/// have the same size in a ``RowStore``.
///
/// ```swift
/// let box = Box(42)
/// let value = box.unbox  // 42
/// ```
public final class Box<A> {
  /// The value this box holds.
  ///
  /// ```swift
  /// let word = Box("row").unbox  // "row"
  /// ```
  public let unbox: A

  /// Creates a box holding `value`.
  ///
  /// ```swift
  /// let boxed = Box([0xFF] as [UInt8])
  /// let bytes = boxed.unbox  // [255]
  /// ```
  ///
  /// - Parameter value: The value to hold.
  @inlinable
  public init(_ value: A) {
    unbox = value
  }
}

/// A box never changes its value, so it can cross threads when the value can.
extension Box: Sendable where A: Sendable {}

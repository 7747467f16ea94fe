/// A reference that holds one value of any type, so that rows of every type
/// have the same size in a ``RowStore``.
///
/// ```swift
/// let box = Box(42)
/// let value = box.unbox  // 42
/// ```
public final class Box<A> {
  /// What the box holds: empty only while a ``RowWriter`` keeps the box
  /// for its next row (see `BoxPool`), when nothing else can reach it.
  @usableFromInline var content: A?

  /// The value this box holds.
  ///
  /// ```swift
  /// let word = Box("row").unbox  // "row"
  /// ```
  @inlinable
  public var unbox: A {
    content!
  }

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
    content = value
  }
}

/// A reference that holds one value of any type, so that rows of every type
/// have the same size in a ``RowStore``.
///
/// ```swift
/// let box = Box(42)
/// box.unbox  // 42
/// ```
public final class Box<A> {
  /// The value this box holds.
  public let unbox: A

  /// Creates a box holding `value`.
  ///
  /// - Parameter value: The value to hold.
  @inlinable
  public init(_ value: A) {
    unbox = value
  }
}

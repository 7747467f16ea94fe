/// Builds a ``RowStore`` from typed items and a typed configure closure.
///
/// Each item is boxed as `Box<A>`, and the store's untyped closure casts a
/// row back to `Box<A>` before calling `configure`, so callers keep a typed
/// API over the loosely typed store.
///
/// ```swift
/// let store = rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") }
/// let first = store.cell(at: 0).string  // "Cell 1"
/// ```
///
/// - Parameters:
///   - items: The rows, in the order they are rendered.
///   - configure: Sets a cell's text from one item.
/// - Returns: A store holding every item in a `Box<A>`, kept as a plain
///   reference, with `configure`.
@inlinable
public func rows<A>(
  _ items: [A],
  configure: @escaping (inout Cell, A) -> Void
) -> RowStore {
  RowStore(items, configure: configure)
}

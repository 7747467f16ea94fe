/// Builds a ``RowStore`` from typed items and a typed configure closure.
///
/// Each item is boxed as `Box<A>`, and the store's untyped closure casts a
/// row back to `Box<A>` before calling `configure`, so callers keep a typed
/// API over the loosely typed store.
///
/// ```swift
/// let store = rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") }
/// // renders as "Cell 1\nCell 2\nCell 3\n"
/// ```
///
/// - Parameters:
///   - items: The rows, in the order they are rendered.
///   - configure: Sets a cell's text from one item.
/// - Returns: A store holding every item boxed as `Any`.
@inlinable
public func rows<A>(
  _ items: [A],
  configure: @escaping (inout Cell, A) -> Void
) -> RowStore {
  RowStore(
    items: items.map { Box($0) as Any },
    configureCell: { cell, item in
      guard let box = item as? Box<A> else {
        // Only this function fills a store, so every row is a Box<A>.
        preconditionFailure("a RowStore row is not a Box<\(A.self)>")
      }
      configure(&cell, box.unbox)
    }
  )
}

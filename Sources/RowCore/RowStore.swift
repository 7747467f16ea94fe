/// A loosely typed table: rows stored as `Any`, and one closure that
/// configures a cell from a row.
///
/// A store is made by ``rows(_:configure:)``, which boxes every item and
/// wraps the typed closure, so a row's type always matches the closure that
/// reads it. Code that renders a store needs no knowledge of that type.
///
/// ```swift
/// let store = rows([1, 2, 3]) { cell, n in cell.append("Cell \(n)") }
/// store.count               // 3
/// store.cell(at: 1).string  // "Cell 2"
/// ```
public final class RowStore {
  /// The rows, each a `Box` of the builder's item type.
  public let items: [Any]

  /// Configures a cell from one of ``items``.
  public let configureCell: (inout Cell, Any) -> Void

  @usableFromInline
  init(items: [Any], configureCell: @escaping (inout Cell, Any) -> Void) {
    self.items = items
    self.configureCell = configureCell
  }

  /// The number of rows.
  public var count: Int {
    items.count
  }

  /// Returns the configured cell of the row at `index`.
  ///
  /// - Parameter index: A valid index into ``items``.
  /// - Returns: A new cell configured from that row.
  public func cell(at index: Int) -> Cell {
    var cell = Cell()
    configureCell(&cell, items[index])
    return cell
  }
}

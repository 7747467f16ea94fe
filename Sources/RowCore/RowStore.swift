/// A loosely typed table: rows of any types, each run of rows with the
/// closure that configures a cell from one of them.
///
/// Every row is kept boxed (a `Box<A>`, held as a plain reference), so rows
/// of different types have one size and one store can hold them all: a header row, then file
/// rows, then a summary row. Each append takes the items and a typed
/// closure together, so a row is always read by a closure of its own type.
///
/// ```swift
/// var store = RowStore()
/// store.append("name\tmoons") { cell, header in cell.append(header) }
/// store.append(contentsOf: [2, 0]) { cell, moons in cell.append("planet\t\(moons)") }
/// let count = store.count               // 3
/// let last = store.cell(at: 2).string  // "planet\t0"
/// ```
public struct RowStore {
  /// The rows, each a `Box` of the item type of the run it belongs to.
  ///
  /// References rather than `Any`: a box is a class, so the existential
  /// would only add three words per row, and casting a reference back to
  /// its box costs a fraction of casting out of `Any`.
  @usableFromInline var items: [AnyObject] = []
  /// Consecutive rows that share a configure closure, in row order.
  @usableFromInline var runs: [Run] = []

  /// Rows `previous run's end..<end`, configured by one closure.
  @usableFromInline
  struct Run {
    @usableFromInline var end: Int
    @usableFromInline var configure: (inout Cell, AnyObject) -> Void

    @usableFromInline
    init(end: Int, configure: @escaping (inout Cell, AnyObject) -> Void) {
      self.end = end
      self.configure = configure
    }
  }

  /// Creates an empty store.
  ///
  /// ```swift
  /// let empty = RowStore().count  // 0
  /// ```
  @inlinable
  public init() {}

  /// Creates a store of `items`, each configured by `configure`.
  ///
  /// ```swift
  /// let store = RowStore([1, 2]) { cell, n in cell.append("n\(n)") }
  /// let second = store.cell(at: 1).string  // "n2"
  /// ```
  ///
  /// - Parameters:
  ///   - items: The rows, in the order they are rendered.
  ///   - configure: Sets a cell's text from one item.
  @inlinable
  public init<Items: Sequence>(
    _ items: Items, configure: @escaping (inout Cell, Items.Element) -> Void
  ) {
    append(contentsOf: items, configure: configure)
  }

  /// The number of rows.
  ///
  /// ```swift
  /// let rowCount = rows(["a", "b"]) { cell, s in cell.append(s) }.count  // 2
  /// ```
  @inlinable
  public var count: Int {
    items.count
  }

  /// Whether the store has no rows.
  ///
  /// ```swift
  /// let none = RowStore().isEmpty  // true
  /// ```
  @inlinable
  public var isEmpty: Bool {
    items.isEmpty
  }

  /// Adds one row of any type with the closure that configures it.
  ///
  /// ```swift
  /// var store = RowStore()
  /// store.append(3.5) { cell, x in cell.append("\(x)") }
  /// let text = store.cell(at: 0).string  // "3.5"
  /// ```
  ///
  /// - Parameters:
  ///   - item: The row.
  ///   - configure: Sets a cell's text from the item.
  @inlinable
  public mutating func append<A>(_ item: A, configure: @escaping (inout Cell, A) -> Void) {
    append(contentsOf: CollectionOfOne(item), configure: configure)
  }

  /// Adds rows of one type, all configured by `configure`.
  ///
  /// ```swift
  /// var store = RowStore()
  /// store.append(contentsOf: ["a", "b"]) { cell, s in cell.append(s) }
  /// let count = store.count  // 2
  /// ```
  ///
  /// - Parameters:
  ///   - items: The rows, in order.
  ///   - configure: Sets a cell's text from one item.
  @inlinable
  public mutating func append<Items: Sequence>(
    contentsOf items: Items, configure: @escaping (inout Cell, Items.Element) -> Void
  ) {
    let start = self.items.count
    for item in items { self.items.append(Box(item)) }
    guard self.items.count > start else { return }
    runs.append(Run(end: self.items.count, configure: Self.typed(configure)))
  }

  /// Removes every row, keeping the storage for the next rows if asked.
  ///
  /// ```swift
  /// var store = RowStore(["a"]) { cell, s in cell.append(s) }
  /// store.removeAll(keepingCapacity: true)
  /// let isEmpty = store.isEmpty  // true
  /// ```
  @inlinable
  public mutating func removeAll(keepingCapacity: Bool = false) {
    items.removeAll(keepingCapacity: keepingCapacity)
    runs.removeAll(keepingCapacity: keepingCapacity)
  }

  /// Makes room for `count` rows without reallocating.
  ///
  /// ```swift
  /// var store = RowStore()
  /// store.reserveCapacity(100)
  /// let count = store.count  // 0
  /// ```
  @inlinable
  public mutating func reserveCapacity(_ count: Int) {
    items.reserveCapacity(count)
  }

  /// Returns the configured cell of the row at `index`.
  ///
  /// ```swift
  /// let store = RowStore(["x"]) { cell, s in cell.append(s) }
  /// let text = store.cell(at: 0).text  // [120]
  /// ```
  ///
  /// - Parameter index: A position in `0..<count`.
  /// - Returns: A new cell configured from that row.
  public func cell(at index: Int) -> Cell {
    precondition(items.indices.contains(index), "row \(index) of \(items.count)")
    var cell = Cell()
    let run = runs.first { $0.end > index }!
    run.configure(&cell, items[index])
    return cell
  }

  /// Wraps a typed closure as the store's untyped one, casting each row back.
  ///
  /// With `emptyingBoxes`, each item moves out of its box to its closure,
  /// which leaves the box empty: for boxes written once, as a streaming
  /// write's are. Lent from the box instead, an item is copied (a retain
  /// and a release for each reference it holds), for the box could change
  /// during the call for all the compiler knows.
  @inlinable
  static func typed<A>(
    _ configure: @escaping (inout Cell, A) -> Void, emptyingBoxes: Bool = false
  ) -> (inout Cell, AnyObject) -> Void {
    // Looked up once, not for every row: a generic type's metadata is a
    // call to find.
    let boxType = ObjectIdentifier(Box<A>.self)
    return { cell, item in
      // The cast back, as an exact type test: a box is a final class, so
      // it answers as `as? Box<A>` would, without retaining the box.
      guard ObjectIdentifier(type(of: item)) == boxType else {
        // Only `append` fills a run, with boxes of its closure's type.
        preconditionFailure("a RowStore row is not a Box<\(A.self)>")
      }
      let box = unsafeDowncast(item, to: Box<A>.self)
      if emptyingBoxes, let value = box.content.take() {
        configure(&cell, value)
      } else {
        configure(&cell, box.unbox)
      }
    }
  }
}

/// The configured output of one row: the bytes a ``RowWriter`` writes for it.
///
/// The text is bytes, not a `String`, because the things rows describe (file
/// names, say) are not always valid UTF-8 and must come out unchanged.
///
/// While a writer renders a row, the cell is the writer's pending output
/// with the row's text after it, so that the text is made where it is
/// written, never copied there. Every method here works on the row's text
/// alone; ``appending(_:)`` lends the whole storage, to append to.
///
/// ```swift
/// var cell = Cell()
/// cell.append("Cell ")
/// cell.append([0xFF])
/// let text = cell.text  // [67, 101, 108, 108, 32, 255]
/// ```
public struct Cell: Equatable, Sendable {
  /// Bytes before the row's text (a writer's pending output), then the text.
  @usableFromInline var storage: [UInt8]
  /// Where the row's text starts in `storage`.
  @usableFromInline var start = 0

  /// The bytes of this cell, without the row terminator.
  ///
  /// ```swift
  /// let bytes = Cell("ok").text  // [111, 107]
  /// ```
  public var text: [UInt8] {
    // The storage itself when it holds the row alone, as a cell made on
    // its own does: shared, not copied.
    get { start == 0 ? storage : Array(storage[start...]) }
    set { storage.replaceSubrange(start..., with: newValue) }
  }

  /// Creates a cell with no text.
  ///
  /// ```swift
  /// let blank = Cell().text.isEmpty  // true
  /// ```
  @inlinable
  public init() {
    storage = []
  }

  /// Creates a cell whose text is the given bytes.
  ///
  /// ```swift
  /// let raw = Cell(text: [0x61, 0xFF]).text  // [97, 255]
  /// ```
  ///
  /// - Parameter text: The bytes of the cell.
  @inlinable
  public init(text: [UInt8]) {
    storage = text
  }

  /// Creates a cell whose text is the UTF-8 encoding of `string`.
  ///
  /// ```swift
  /// let encoded = Cell("é").text  // [195, 169]
  /// ```
  ///
  /// - Parameter string: The text of the cell.
  @inlinable
  public init(_ string: String) {
    storage = Array(string.utf8)
  }

  /// The text decoded as UTF-8, or `nil` when it is not valid UTF-8.
  ///
  /// ```swift
  /// let valid = Cell("abc").string             // "abc"
  /// let invalid = Cell(text: [0xFF]).string  // nil
  /// ```
  public var string: String? {
    String(validating: storage[start...], as: UTF8.self)
  }

  /// Appends bytes to the text.
  ///
  /// ```swift
  /// var cell = Cell()
  /// cell.append([0x0A, 0x1B])
  /// let appended = cell.text  // [10, 27]
  /// ```
  ///
  /// - Parameter bytes: The bytes to append, unchanged.
  @inlinable
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    storage.append(contentsOf: bytes)
  }

  /// Appends the UTF-8 encoding of a string to the text.
  ///
  /// ```swift
  /// var cell = Cell("a")
  /// cell.append("b")
  /// let joined = cell.string  // "ab"
  /// ```
  ///
  /// - Parameter string: The text to append.
  @inlinable
  public mutating func append(_ string: String) {
    storage.append(contentsOf: string.utf8)
  }

  /// Appends one byte to the text.
  ///
  /// ```swift
  /// var cell = Cell("x")
  /// cell.append(byte: 0x21)
  /// let exclaimed = cell.string  // "x!"
  /// ```
  ///
  /// - Parameter byte: The byte to append.
  @inlinable
  public mutating func append(byte: UInt8) {
    storage.append(byte)
  }

  /// Removes all the text, keeping its storage for the next row.
  ///
  /// ```swift
  /// var cell = Cell("old")
  /// cell.removeAll()
  /// let cleared = cell.text.isEmpty  // true
  /// ```
  @inlinable
  public mutating func removeAll() {
    storage.removeSubrange(start...)
  }

  /// Starts a row after the bytes the cell holds, which stay: from here
  /// on, the cell's text is the new row's.
  @inlinable
  mutating func beginRow() {
    start = storage.count
  }

  /// Removes every byte the cell holds, those of the rows before this
  /// one's too, keeping its storage.
  @inlinable
  mutating func removeAllRows() {
    storage.removeAll(keepingCapacity: true)
    start = 0
  }

  /// Lends `body` the cell's storage to append the row's bytes to, in
  /// place: for code that builds bytes in an `inout [UInt8]`.
  ///
  /// The storage may begin with bytes before the row's (a writer's pending
  /// output): `body` may only append, and should measure what it appends
  /// from the count it finds, not from 0.
  ///
  /// ```swift
  /// var cell = Cell("a")
  /// let appended = cell.appending { bytes in
  ///   let start = bytes.count
  ///   bytes.append(contentsOf: [0x62, 0x63])
  ///   return bytes.count - start
  /// }  // 2
  /// let lent = cell.string  // "abc"
  /// ```
  ///
  /// - Parameter body: Appends to the bytes it is given.
  /// - Returns: What `body` returns.
  @inlinable
  public mutating func appending<Result>(_ body: (inout [UInt8]) throws -> Result) rethrows
    -> Result
  {
    let count = storage.count
    defer { precondition(storage.count >= count, "a cell's bytes were removed, not appended to") }
    return try body(&storage)
  }

  /// Whether two cells hold the same text, whatever is before it.
  ///
  /// ```swift
  /// let same = Cell("a") == Cell(text: [0x61])  // true
  /// ```
  public static func == (lhs: Cell, rhs: Cell) -> Bool {
    lhs.storage[lhs.start...] == rhs.storage[rhs.start...]
  }
}

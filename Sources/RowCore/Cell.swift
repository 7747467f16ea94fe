/// The configured output of one row: the bytes a ``RowWriter`` writes for it.
///
/// The text is bytes, not a `String`, because the things rows describe (file
/// names, say) are not always valid UTF-8 and must come out unchanged.
///
/// ```swift
/// var cell = Cell()
/// cell.append("Cell ")
/// cell.append([0xFF])
/// let text = cell.text  // [67, 101, 108, 108, 32, 255]
/// ```
public struct Cell: Equatable, Sendable {
  /// The bytes of this cell, without the row terminator.
  ///
  /// ```swift
  /// let bytes = Cell("ok").text  // [111, 107]
  /// ```
  public var text: [UInt8]

  /// Creates a cell with no text.
  ///
  /// ```swift
  /// let blank = Cell().text.isEmpty  // true
  /// ```
  @inlinable
  public init() {
    text = []
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
    self.text = text
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
    text = Array(string.utf8)
  }

  /// The text decoded as UTF-8, or `nil` when it is not valid UTF-8.
  ///
  /// ```swift
  /// let valid = Cell("abc").string             // "abc"
  /// let invalid = Cell(text: [0xFF]).string  // nil
  /// ```
  public var string: String? {
    String(validating: text, as: UTF8.self)
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
    text.append(contentsOf: bytes)
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
    text.append(contentsOf: string.utf8)
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
    text.append(byte)
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
    text.removeAll(keepingCapacity: true)
  }
}

extension Field {
  /// An item of a comma-separated list of fields.
  struct ListItem: Equatable {
    let field: Field
    /// Written with `-` before it (`--sort-by`'s descending order).
    let descending: Bool
    /// Where the item starts in the list.
    let offset: Int
  }

  /// Reads a comma-separated list of field names, as `--sort-by` and
  /// `--fields` take them.
  ///
  /// - Parameters:
  ///   - text: The list.
  ///   - allowsDescending: Whether an item may start with `-`; otherwise
  ///     the `-` is part of a name no field has.
  ///   - expected: What errors say was expected.
  /// - Returns: The items, in order.
  /// - Throws: ``QueryError`` for an empty item or an unknown field, at
  ///   the item's offset.
  static func parseList(
    _ text: [UInt8], allowsDescending: Bool, expected: String
  ) throws(QueryError) -> [ListItem] {
    var items: [ListItem] = []
    var offset = 0
    for item in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      defer { offset += item.count + 1 }
      var name = item[...]
      let descending = allowsDescending && name.first == UInt8(ascii: "-")
      if descending { name = name.dropFirst() }
      guard !name.isEmpty else {
        throw QueryError(problem: "an empty field", offset: offset, expected: expected)
      }
      let word = String(decoding: name, as: UTF8.self)
      guard let field = Field(rawValue: word) else {
        throw QueryError(
          problem: "unknown field '\(word)'", offset: offset + (descending ? 1 : 0),
          expected: expected)
      }
      items.append(ListItem(field: field, descending: descending, offset: offset))
    }
    return items
  }
}

extension SortField {
  /// Parses `--sort-by`'s list: fields separated by commas, each ascending
  /// unless it starts with `-` (`type,-size,name`).
  ///
  /// - Throws: ``QueryError`` for an empty item or an unknown field.
  static func parseList(_ text: [UInt8]) throws(QueryError) -> [SortField] {
    let items = try Field.parseList(
      text, allowsDescending: true,
      expected: "fields separated by commas, each with - before it for descending: "
        + Field.nameList)
    return items.map { SortField(field: $0.field, descending: $0.descending) }
  }
}

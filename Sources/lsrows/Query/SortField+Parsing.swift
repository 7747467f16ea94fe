extension SortField {
  /// Parses `--sort-by`'s list: fields separated by commas, each ascending
  /// unless it starts with `-` (`type,-size,name`).
  ///
  /// - Throws: ``QueryError`` for an empty item or an unknown field.
  static func parseList(_ text: [UInt8]) throws(QueryError) -> [SortField] {
    let fieldList = Field.allCases.map(\.rawValue).joined(separator: " ")
    let expected = "fields separated by commas, each with - before it for descending: \(fieldList)"
    var fields: [SortField] = []
    var offset = 0
    for item in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      defer { offset += item.count + 1 }
      var name = item[...]
      let descending = name.first == UInt8(ascii: "-")
      if descending { name = name.dropFirst() }
      guard !name.isEmpty else {
        throw QueryError(problem: "an empty field", offset: offset, expected: expected)
      }
      guard let field = Field(rawValue: String(decoding: name, as: UTF8.self)) else {
        throw QueryError(
          problem: "unknown field '\(String(decoding: name, as: UTF8.self))'",
          offset: offset + (descending ? 1 : 0), expected: expected)
      }
      fields.append(SortField(field: field, descending: descending))
    }
    return fields
  }
}

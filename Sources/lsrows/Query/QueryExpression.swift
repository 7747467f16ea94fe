/// A parsed `--where` expression: comparisons joined by `and`, `or`, `not`.
indirect enum QueryExpression: Sendable {
  case comparison(Comparison)
  case not(QueryExpression)
  case and(QueryExpression, QueryExpression)
  case or(QueryExpression, QueryExpression)

  /// Whether the row satisfies the expression.
  func holds(for fields: RowFields) -> Bool {
    switch self {
    case .comparison(let comparison): comparison.holds(for: fields)
    case .not(let expression): !expression.holds(for: fields)
    case .and(let left, let right): left.holds(for: fields) && right.holds(for: fields)
    case .or(let left, let right): left.holds(for: fields) || right.holds(for: fields)
    }
  }

  /// Every field the expression reads.
  var fields: [Field] {
    switch self {
    case .comparison(let comparison): [comparison.field]
    case .not(let expression): expression.fields
    case .and(let left, let right), .or(let left, let right): left.fields + right.fields
    }
  }

  /// What must be read about entries to evaluate the expression: nothing
  /// per entry when it reads only names.
  var metadataNeeds: MetadataNeeds {
    fields.reduce(.none) { $0.union($1.metadataNeeds) }
  }
}

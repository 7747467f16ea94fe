/// The operators of a `--where` comparison.
enum ComparisonOperator: String, CaseIterable, Sendable {
  case equal = "=="
  case notEqual = "!="
  case lessOrEqual = "<="
  case greaterOrEqual = ">="
  case less = "<"
  case greater = ">"
  case matches = "~"
  case doesNotMatch = "!~"
  case matchesRegex = "=~"

  /// Whether the operator matches a glob rather than comparing values.
  var isGlob: Bool {
    self == .matches || self == .doesNotMatch
  }

  /// Whether the operator matches text, as a glob or a regular expression.
  var isMatch: Bool {
    isGlob || self == .matchesRegex
  }

  /// Whether a value that compares as `order` (negative, zero, positive
  /// against the operand) satisfies the operator.
  func holds(forOrder order: Int) -> Bool {
    switch self {
    case .equal: order == 0
    case .notEqual: order != 0
    case .less: order < 0
    case .lessOrEqual: order <= 0
    case .greater: order > 0
    case .greaterOrEqual: order >= 0
    case .matches, .doesNotMatch, .matchesRegex: false
    }
  }

  /// The spellings, longest first, so that `<=` is not read as `<`.
  static let spellings: [(String, ComparisonOperator)] = [
    ("==", .equal), ("=~", .matchesRegex), ("!=", .notEqual), ("<=", .lessOrEqual),
    (">=", .greaterOrEqual),
    ("!~", .doesNotMatch), ("<", .less), (">", .greater), ("~", .matches), ("=", .equal),
  ]

  static let expected = "an operator: == != < <= > >= ~ (glob) !~ =~ (regular expression)"
}

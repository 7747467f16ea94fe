/// Parses `--where` expressions.
///
///     expression := term ('or' term)*
///     term       := factor ('and' factor)*
///     factor     := 'not' factor | '(' expression ')' | FIELD OP VALUE
///
/// Each value is read as its field's type, so every mistake is found before
/// anything is listed.
struct QueryParser {
  private var scanner: QueryScanner
  /// Ages (`-7d`) count back from here.
  private let now: Timestamp

  private init(_ text: [UInt8], now: Timestamp) {
    scanner = QueryScanner(text)
    self.now = now
  }

  /// Parses a whole expression.
  ///
  /// - Throws: ``QueryError`` saying what is wrong, where, and what was expected.
  static func parse(_ text: [UInt8], now: Timestamp) throws(QueryError) -> QueryExpression {
    var parser = QueryParser(text, now: now)
    let expression = try parser.expression()
    parser.scanner.skipSpace()
    guard parser.scanner.isAtEnd else {
      if parser.scanner.next == UInt8(ascii: ")") {
        throw parser.error("unbalanced parenthesis: ')' without '('", expected: "the end")
      }
      throw parser.error("unexpected text", expected: "'and', 'or', or the end")
    }
    return expression
  }

  private func error(_ problem: String, at offset: Int? = nil, expected: String) -> QueryError {
    QueryError(problem: problem, offset: offset ?? scanner.offset, expected: expected)
  }

  private mutating func expression() throws(QueryError) -> QueryExpression {
    var left = try term()
    while true {
      scanner.skipSpace()
      guard scanner.takeKeyword("or") else { return left }
      left = .or(left, try term())
    }
  }

  private mutating func term() throws(QueryError) -> QueryExpression {
    var left = try factor()
    while true {
      scanner.skipSpace()
      guard scanner.takeKeyword("and") else { return left }
      left = .and(left, try factor())
    }
  }

  private mutating func factor() throws(QueryError) -> QueryExpression {
    scanner.skipSpace()
    if scanner.takeKeyword("not") { return .not(try factor()) }
    let open = scanner.offset
    if scanner.take(UInt8(ascii: "(")) {
      let inner = try expression()
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ")")) else {
        throw error("unbalanced parenthesis: '(' is not closed", at: open, expected: "')'")
      }
      return inner
    }
    return .comparison(try comparison())
  }

  private mutating func comparison() throws(QueryError) -> Comparison {
    let fieldOffset = scanner.offset
    var field = try fieldName()
    var lowersCase = false
    if field == nil {
      // `lower(FIELD)`, the only function: a text field, case folded.
      lowersCase = true
      scanner.skipSpace()
      let innerOffset = scanner.offset
      guard let inner = try fieldName() else {
        throw error(
          "lower() takes a field, not another lower()", at: innerOffset,
          expected: "a text field: \(Self.textFieldList)")
      }
      guard inner.type.isTextual else {
        throw error(
          "lower() takes a text field, and \(inner.rawValue) is \(inner.type.article)",
          at: innerOffset, expected: "a text field: \(Self.textFieldList)")
      }
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ")")) else {
        throw error("'lower(' is not closed", at: fieldOffset, expected: "')'")
      }
      field = inner
    }
    guard let field else { preconditionFailure("a field or lower()") }
    scanner.skipSpace()
    let operatorOffset = scanner.offset
    guard let op = scanner.comparisonOperator() else {
      throw error(
        "expected an operator after '\(field.rawValue)'", expected: ComparisonOperator.expected)
    }
    scanner.skipSpace()
    let valueOffset = scanner.offset
    if scanner.isAtEnd || scanner.next == UInt8(ascii: ")") {
      throw error(
        "expected a value after '\(op.rawValue)'", expected: Self.expectedValue(field, op))
    }
    guard let value = scanner.value() else {
      throw error("the quote is not closed", at: valueOffset, expected: "a closing quote")
    }
    return Comparison(
      field: field, op: op,
      operand: try operand(value, field, op, operatorOffset: operatorOffset),
      lowersCase: lowersCase)
  }

  /// A field's name, or `nil` for `lower(`, which it takes.
  private mutating func fieldName() throws(QueryError) -> Field? {
    let fieldOffset = scanner.offset
    let name = scanner.name()
    guard !name.isEmpty, name != Array("and".utf8), name != Array("or".utf8) else {
      throw error("expected a comparison", at: fieldOffset, expected: "a field: \(Field.nameList)")
    }
    if name == Array("lower".utf8) {
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: "(")) { return nil }
    }
    guard let field = Field(rawValue: String(decoding: name, as: UTF8.self)) else {
      throw error(
        "unknown field '\(String(decoding: name, as: UTF8.self))'", at: fieldOffset,
        expected: "a field, or lower(FIELD): \(Field.nameList)")
    }
    return field
  }

  /// The text fields, which `lower()` and the matching operators take.
  private static let textFieldList = Field.allCases.filter(\.type.isTextual).map(\.rawValue)
    .joined(separator: " ")

  /// Reads the value as the field's type.
  private func operand(
    _ value: QueryValue, _ field: Field, _ op: ComparisonOperator, operatorOffset: Int
  ) throws(QueryError) -> Comparison.Operand {
    let decoded = op.isGlob ? value.glob : value.text
    let text = decoded.bytes
    /// Where byte `index` of the value is in the expression.
    func at(_ index: Int) -> Int {
      decoded.offset(of: index)
    }
    let offset = at(0)
    let type = field.type
    let isTextual = type.isTextual
    if op == .matchesRegex {
      guard isTextual else {
        throw error(
          "'=~' matches text, and \(field.rawValue) is \(type.article)",
          at: operatorOffset, expected: "== != < <= > >=")
      }
      let pattern = value.regex
      guard !pattern.contains(0) else {
        throw error(
          "a regular expression cannot hold a NUL byte", at: offset,
          expected: Self.expectedValue(field, op))
      }
      do {
        return .regex(try ExtendedRegex(compiling: pattern))
      } catch {
        throw self.error(
          "invalid regular expression: \(error.reason)", at: offset,
          expected: Self.expectedValue(field, op))
      }
    }
    if op.isGlob {
      guard isTextual else {
        throw error(
          "'\(op.rawValue)' matches text, and \(field.rawValue) is \(type.article)",
          at: operatorOffset, expected: "== != < <= > >=")
      }
      let isPath = field == .path || field == .parent || field == .target
      do {
        return .glob(try GlobPattern(parsing: text, matchesSlashes: !isPath))
      } catch {
        throw self.error(
          error.reason, at: at(error.offset),
          expected: "a glob: * ? [abc] [a-z] [!abc], \\ before a special byte")
      }
    }
    let literal = Self.expectedValue(field, op)
    switch type {
    case .bytes, .text, .mode:
      return .text(text)
    case .number:
      switch NumberLiteral.parse(text) {
      case .success(let number): return .number(number)
      case .failure(let problem):
        throw error(problem.problem, at: at(problem.offset), expected: literal)
      }
    case .time:
      switch TimeLiteral.parse(text, now: now) {
      case .success(let time): return .time(time)
      case .failure(let problem):
        throw error(problem.problem, at: at(problem.offset), expected: literal)
      }
    case .kind:
      guard op == .equal || op == .notEqual else {
        throw error("kinds compare only with == and !=", at: operatorOffset, expected: "== !=")
      }
      guard let kind = KindLiteral.parse(text) else {
        throw error(
          "unknown kind '\(String(decoding: text, as: UTF8.self))'", at: offset, expected: literal)
      }
      return .kind(kind)
    case .permissions:
      guard let bits = PermissionsLiteral.parse(text) else {
        throw error("not permission bits in octal", at: offset, expected: literal)
      }
      return .permissions(bits)
    }
  }

  /// The form a value of `field` takes, for messages.
  private static func expectedValue(_ field: Field, _ op: ComparisonOperator) -> String {
    if op.isGlob { return "a glob: * ? [abc] [a-z] [!abc]" }
    if op == .matchesRegex {
      return "a POSIX extended regular expression: ^ $ . [a-z] (a|b) x* x+ x? x{2,3}"
    }
    switch field.type {
    case .bytes, .text: return "text: a word, or quoted with ' or \" (\\xHH for any byte)"
    case .mode: return "an ls mode string: -rw-r--r--"
    case .number: return NumberLiteral.expected
    case .time: return TimeLiteral.expected
    case .kind: return KindLiteral.expected
    case .permissions: return PermissionsLiteral.expected
    }
  }
}

extension FieldType {
  /// Whether values are text, which `~`, `=~` and `lower()` take.
  var isTextual: Bool {
    self == .bytes || self == .text || self == .mode
  }

  /// The type with its article, for messages: "a number", "a time".
  var article: String {
    switch self {
    case .bytes, .text: "text"
    case .number: "a number"
    case .time: "a time"
    case .kind: "a kind"
    case .mode: "a mode"
    case .permissions: "permission bits"
    }
  }
}

/// A parsed `--format` template: literal bytes and `{field}`s.
///
/// `\t`, `\n`, `\0` and `\\` are escapes; `{{` and `}}` are literal braces.
struct Template: Sendable, Equatable {
  enum Segment: Sendable, Equatable {
    case literal([UInt8])
    /// A field, with the format after its colon if it has one.
    case field(Field, FieldFormat?)
  }

  let segments: [Segment]

  var fields: [Field] {
    segments.compactMap { segment in
      if case .field(let field, _) = segment { return field }
      return nil
    }
  }

  /// What is wrong with a template.
  struct ParseError: Error, Equatable {
    let reason: String
  }

  /// Parses `text`, or says what is wrong with it.
  init(parsing text: [UInt8]) throws(ParseError) {
    var segments: [Segment] = []
    var literal: [UInt8] = []
    var index = 0
    func fail(_ reason: String) -> ParseError {
      ParseError(reason: reason)
    }
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "\\"):
        guard index + 1 < text.count else { throw fail("a lone '\\' ends the template") }
        switch text[index + 1] {
        case UInt8(ascii: "t"): literal.append(0x09)
        case UInt8(ascii: "n"): literal.append(0x0A)
        case UInt8(ascii: "0"): literal.append(0x00)
        case UInt8(ascii: "\\"): literal.append(UInt8(ascii: "\\"))
        default:
          let escape = String(decoding: text[index...index + 1], as: UTF8.self)
          throw fail("unknown escape '\(escape)'")
        }
        index += 2
      case UInt8(ascii: "{"):
        if index + 1 < text.count && text[index + 1] == UInt8(ascii: "{") {
          literal.append(byte)
          index += 2
          continue
        }
        guard let close = text[(index + 1)...].firstIndex(of: UInt8(ascii: "}")) else {
          throw fail("unclosed '{'")
        }
        let inside = text[(index + 1)..<close]
        let colon = inside.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: inside[..<(colon ?? inside.endIndex)], as: UTF8.self)
        guard let field = Field(rawValue: name) else {
          throw fail("unknown field '{\(name)}'")
        }
        var format: FieldFormat?
        if let colon {
          switch FieldFormat.parse(Array(inside[(colon + 1)...]), for: field) {
          case .success(let parsed): format = parsed
          case .failure(let mismatch): throw fail(mismatch.reason)
          }
        }
        if !literal.isEmpty {
          segments.append(.literal(literal))
          literal = []
        }
        segments.append(.field(field, format))
        index = close + 1
      case UInt8(ascii: "}"):
        guard index + 1 < text.count && text[index + 1] == UInt8(ascii: "}") else {
          throw fail("unmatched '}' (write '}}' for a brace)")
        }
        literal.append(byte)
        index += 2
      default:
        literal.append(byte)
        index += 1
      }
    }
    if !literal.isEmpty { segments.append(.literal(literal)) }
    self.segments = segments
  }

  /// The escapes error messages list.
  static let escapeList = "\\t \\n \\0 \\\\ {{ }}"
}

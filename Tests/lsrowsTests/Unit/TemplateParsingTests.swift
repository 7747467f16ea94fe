import Glibc
import Testing

@testable import lsrows

@Suite struct TemplateParsingTests {
  @Test func literalsFieldsAndEscapes() throws {
    let template = try Template(parsing: bytes("{name}\\t{size}\\n{{x}}\\0\\\\"))
    #expect(
      template.segments == [
        .field(.name), .literal([0x09]), .field(.size),
        .literal(bytes("\n{x}") + [0] + bytes("\\")),
      ])
  }

  @Test func everyFieldParses() throws {
    for field in Field.allCases {
      #expect(try Template(parsing: bytes("{\(field.rawValue)}")).fields == [field])
    }
  }

  @Test(arguments: [
    ("{nme}", "unknown field '{nme}'"),
    ("{name", "unclosed '{'"),
    ("a}b", "unmatched '}' (write '}}' for a brace)"),
    ("\\q", "unknown escape '\\q'"),
    ("end\\", "a lone '\\' ends the template"),
    ("{}", "unknown field '{}'"),
  ])
  func mistakesSayWhat(text: String, reason: String) {
    #expect(throws: UsageError.invalidTemplate(bytes(text), reason: reason)) {
      try Template(parsing: bytes(text))
    }
  }

  @Test func emptyTemplateIsEmptyRows() throws {
    #expect(try Template(parsing: []).segments.isEmpty)
  }
}

import Glibc
import Testing

@testable import lsrows

@Suite struct TemplateParsingTests {
  @Test func literalsFieldsAndEscapes() throws {
    let template = try Template(parsing: bytes("{name}\\t{size}\\n{{x}}\\0\\\\"))
    #expect(
      template.segments == [
        .field(.name, nil), .literal([0x09]), .field(.size, nil),
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
    ("{size:x}", "unknown format 'x' for {size}: h or si"),
    ("{name:h}", "unknown format 'h' for {name}: shell, c or json"),
    ("{type:json}", "{type} takes no format"),
    ("{mtime:}", "an empty time format for {mtime}"),
    ("{nme:h}", "unknown field '{nme}'"),
  ])
  func mistakesSayWhat(text: String, reason: String) {
    #expect(throws: Template.ParseError(reason: reason)) {
      try Template(parsing: bytes(text))
    }
  }

  @Test func fieldsTakeFormatsAfterAColon() throws {
    let template = try Template(
      parsing: bytes("{size:h}|{size:si}|{path:shell}|{name:c}|{name:json}|{mtime:%F %T}"))
    #expect(
      template.segments == [
        .field(.size, .humanSize(base: 1024)), .literal(bytes("|")),
        .field(.size, .humanSize(base: 1000)), .literal(bytes("|")), .field(.path, .shell),
        .literal(bytes("|")), .field(.name, .c), .literal(bytes("|")), .field(.name, .json),
        .literal(bytes("|")), .field(.mtime, .time(TimeFormat(parsing: bytes("%F %T")))),
      ])
  }

  @Test func emptyTemplateIsEmptyRows() throws {
    #expect(try Template(parsing: []).segments.isEmpty)
  }
}

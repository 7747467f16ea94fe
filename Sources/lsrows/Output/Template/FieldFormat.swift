/// How one template field is written, after a colon: `{mtime:%F %T}`,
/// `{size:h}`, `{path:shell}`.
enum FieldFormat: Sendable, Equatable {
  /// A time as GNU `date +FORMAT` writes it, in the local time zone.
  case time(TimeFormat)
  /// A size as `ls -h` (base 1024) or `ls --si` (base 1000) shows it; a
  /// count of 1024-byte blocks (`unit` 1024) as the bytes they hold, as
  /// `ls -sh` and `du -sh` show blocks.
  case humanSize(base: UInt64, unit: UInt64 = 1)
  /// Text quoted to be pasted into a shell line, whatever its bytes
  /// (ls's shell-escape-always).
  case shell
  /// Text as a C string literal.
  case c
  /// Text as a JSON string, repaired to UTF-8 as `--json` repairs it.
  case json

  /// Why a format does not suit its field.
  struct Mismatch: Error {
    let reason: String
  }

  /// Reads the format of `field` after the colon.
  ///
  /// - Returns: The format, or why `spec` is not one for that field.
  static func parse(_ spec: [UInt8], for field: Field) -> Result<FieldFormat, Mismatch> {
    let word = String(decoding: spec, as: UTF8.self)
    switch field.type {
    case .time:
      guard !spec.isEmpty else {
        return .failure(Mismatch(reason: "an empty time format for {\(field.rawValue)}"))
      }
      return .success(.time(TimeFormat(parsing: spec)))
    case .number:
      let unit: UInt64 = field == .blocks || field == .treeBlocks ? 1024 : 1
      switch word {
      case "h": return .success(.humanSize(base: 1024, unit: unit))
      case "si": return .success(.humanSize(base: 1000, unit: unit))
      default:
        return .failure(
          Mismatch(reason: "unknown format '\(word)' for {\(field.rawValue)}: h or si"))
      }
    case .bytes, .text:
      switch word {
      case "shell": return .success(.shell)
      case "c": return .success(.c)
      case "json": return .success(.json)
      default:
        return .failure(
          Mismatch(reason: "unknown format '\(word)' for {\(field.rawValue)}: shell, c or json"))
      }
    case .kind, .mode, .permissions:
      return .failure(Mismatch(reason: "{\(field.rawValue)} takes no format"))
    }
  }

  /// Appends `value` in this format.
  func append(_ value: FieldValue, to output: inout [UInt8]) {
    switch (self, value) {
    case (.time(let format), .time(let time)):
      format.append(time, to: &output)
    case (.humanSize(let base, let unit), .signed(let number)):
      Self.appendHuman(UInt64(clamping: max(number, 0)), base: base, unit: unit, to: &output)
    case (.humanSize(let base, let unit), .unsigned(let number)):
      Self.appendHuman(number, base: base, unit: unit, to: &output)
    case (.shell, .text(let text)):
      output.append(contentsOf: Quoting(.shellEscapeAlways).quoted(text.bytes))
    case (.c, .text(let text)):
      output.append(contentsOf: Quoting(.c).quoted(text.bytes))
    case (.json, .text(let text)):
      JSONString.appendRepaired(text, to: &output)
    default:
      value.appendText(to: &output)
    }
  }

  private static func appendHuman(
    _ count: UInt64, base: UInt64, unit: UInt64, to output: inout [UInt8]
  ) {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
    HumanReadable.append(
      overflow ? .max : bytes, in: base == 1000 ? .si : .humanReadable, to: &output)
  }
}

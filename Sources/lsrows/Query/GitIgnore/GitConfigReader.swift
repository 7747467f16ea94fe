/// Reads the one setting `--gitignore` needs from git's configuration
/// files: `core.excludesFile`, following `include.path` as git does.
///
/// The syntax is git-config(1)'s: `[section]` headers (names without case;
/// `[section "sub"]` is another section), `key = value` lines, `#` and `;`
/// comments, values with quotes, the escapes `\"`, `\\`, `\n`, `\t`, `\b`,
/// and a backslash that continues a line. `includeIf` sections are not
/// followed: their conditions are git's own to decide.
struct GitConfigReader {
  /// Why a file is not read further: git stops at such a line too.
  struct BadLine: Error, Equatable {
    let line: Int
  }

  /// What a file sets, in file order: the value of each
  /// `core.excludesFile` and each `include.path`.
  enum Setting: Equatable {
    case excludesFile([UInt8])
    case include([UInt8])
  }

  /// The settings of the configuration text `text`.
  ///
  /// - Throws: ``BadLine`` at the first line git would refuse, with the
  ///   settings before it lost, as git reads none of a bad file.
  static func settings(in text: [UInt8]) throws(BadLine) -> [Setting] {
    var parser = Parser(text: text)
    return try parser.settings()
  }
}

private struct Parser {
  let text: [UInt8]
  var index = 0
  var line = 1
  var section: [UInt8]?

  init(text: [UInt8]) {
    self.text = text
  }

  private var current: UInt8? {
    index < text.count ? text[index] : nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D
  }

  private static func lowered(_ bytes: [UInt8]) -> [UInt8] {
    bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
  }

  mutating func settings() throws(GitConfigReader.BadLine) -> [GitConfigReader.Setting] {
    var settings: [GitConfigReader.Setting] = []
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while let byte = current {
      if byte == UInt8(ascii: "\n") {
        line += 1
        index += 1
      } else if Self.isSpace(byte) {
        index += 1
      } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";") {
        skipLine()
      } else if byte == UInt8(ascii: "[") {
        try readSection()
      } else if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A {
        let (key, value) = try readEntry()
        switch (section, key, value) {
        case (Array("core".utf8)?, Array("excludesfile".utf8), let value?):
          settings.append(.excludesFile(value))
        case (Array("include".utf8)?, Array("path".utf8), let value?):
          settings.append(.include(value))
        case (Array("core".utf8)?, Array("excludesfile".utf8), nil):
          // git: "missing value for 'core.excludesfile'".
          throw GitConfigReader.BadLine(line: line)
        default: break
        }
      } else {
        throw GitConfigReader.BadLine(line: line)
      }
    }
    return settings
  }

  private mutating func skipLine() {
    while let byte = current, byte != UInt8(ascii: "\n") { index += 1 }
  }

  /// `[name]`, `[name "sub"]` or `[name.sub]`; only a name alone can be
  /// `core` or `include`.
  private mutating func readSection() throws(GitConfigReader.BadLine) {
    index += 1
    var name: [UInt8] = []
    var hasSubsection = false
    while let byte = current, byte != UInt8(ascii: "]") {
      if Self.isSpace(byte) {
        // `[name "sub"]`: the rest is a quoted subsection.
        while let space = current, Self.isSpace(space) { index += 1 }
        guard current == UInt8(ascii: "\"") else { throw GitConfigReader.BadLine(line: line) }
        index += 1
        while let inner = current, inner != UInt8(ascii: "\"") {
          if inner == UInt8(ascii: "\n") { throw GitConfigReader.BadLine(line: line) }
          if inner == UInt8(ascii: "\\") { index += 1 }
          index += 1
        }
        guard current == UInt8(ascii: "\"") else { throw GitConfigReader.BadLine(line: line) }
        index += 1
        guard current == UInt8(ascii: "]") else { throw GitConfigReader.BadLine(line: line) }
        hasSubsection = true
        break
      }
      guard Self.isKeyByte(byte) || byte == UInt8(ascii: ".") else {
        throw GitConfigReader.BadLine(line: line)
      }
      if byte == UInt8(ascii: ".") { hasSubsection = true }
      name.append(byte)
      index += 1
    }
    guard current == UInt8(ascii: "]") else { throw GitConfigReader.BadLine(line: line) }
    index += 1
    section = hasSubsection ? nil : Self.lowered(name)
  }

  /// `key = value`, or `key` alone (a true boolean, `nil` here).
  private mutating func readEntry() throws(GitConfigReader.BadLine) -> ([UInt8], [UInt8]?) {
    var key: [UInt8] = []
    while let byte = current, Self.isKeyByte(byte) {
      key.append(byte)
      index += 1
    }
    while let byte = current, Self.isSpace(byte) { index += 1 }
    switch current {
    case nil, UInt8(ascii: "\n")?:
      return (Self.lowered(key), nil)
    case UInt8(ascii: "#")?, UInt8(ascii: ";")?:
      skipLine()
      return (Self.lowered(key), nil)
    case UInt8(ascii: "=")?:
      index += 1
      return (Self.lowered(key), try readValue())
    default:
      throw GitConfigReader.BadLine(line: line)
    }
  }

  /// A value up to its line's end: each space or tab between words a
  /// space (inside quotes kept as they are), those around it dropped,
  /// quotes and escapes resolved.
  private mutating func readValue() throws(GitConfigReader.BadLine) -> [UInt8] {
    var value: [UInt8] = []
    // Spaces between words, written as one space each once a word follows.
    var pendingSpaces = 0
    var isQuoted = false
    while let byte = current {
      if byte == UInt8(ascii: "\n") {
        if isQuoted { throw GitConfigReader.BadLine(line: line) }
        break
      }
      index += 1
      if !isQuoted && Self.isSpace(byte) {
        if !value.isEmpty { pendingSpaces += 1 }
        continue
      }
      if !isQuoted && (byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";")) {
        skipLine()
        break
      }
      value += repeatElement(UInt8(ascii: " "), count: pendingSpaces)
      pendingSpaces = 0
      switch byte {
      case UInt8(ascii: "\\"):
        guard let escaped = current else { throw GitConfigReader.BadLine(line: line) }
        index += 1
        switch escaped {
        case UInt8(ascii: "\n"):
          line += 1
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): value.append(escaped)
        default: throw GitConfigReader.BadLine(line: line)
        }
      case UInt8(ascii: "\""):
        isQuoted.toggle()
      default:
        value.append(byte)
      }
    }
    if isQuoted { throw GitConfigReader.BadLine(line: line) }
    return value
  }
}

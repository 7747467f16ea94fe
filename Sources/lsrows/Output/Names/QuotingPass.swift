/// One run of quotearg's algorithm over one string.
struct QuotingPass {
  let input: [UInt8]
  var style: QuotingStyle
  var elideOuterQuotes: Bool
  let alsoEscaped: ByteSet

  private var output: [UInt8] = []
  private var backslashEscapes = false
  private var closingQuote: [UInt8] = []
  private var pendingShellEscapeEnd = false
  private var escaping = false
  private var sawSingleQuote = false
  private var everyByteCompatible = true

  /// Signals that the outer quotes cannot be elided after all.
  private struct NeedsOuterQuotes: Error {}

  init(input: [UInt8], style: QuotingStyle, elideOuterQuotes: Bool, alsoEscaped: ByteSet) {
    self.input = input
    self.style = style
    self.elideOuterQuotes = elideOuterQuotes
    self.alsoEscaped = alsoEscaped
  }

  mutating func run() -> [UInt8] {
    do {
      try quote()
    } catch {
      // quotearg restarts with the outer quotes, keeping backslash escapes.
      let forced: QuotingStyle
      switch style {
      case .shellAlways: forced = backslashEscapes ? .shellEscapeAlways : .shellAlways
      case .cMaybe: forced = .c
      default: forced = style
      }
      var again = QuotingPass(
        input: input, style: forced, elideOuterQuotes: false, alsoEscaped: ByteSet())
      return again.run()
    }
    if style == .shellAlways && !elideOuterQuotes && sawSingleQuote && everyByteCompatible {
      var asC = QuotingPass(
        input: input, style: .c, elideOuterQuotes: false, alsoEscaped: alsoEscaped)
      return asC.run()
    }
    output.append(contentsOf: closingQuote.isEmpty || elideOuterQuotes ? [] : closingQuote)
    return output
  }

  private mutating func quote() throws(NeedsOuterQuotes) {
    try begin()
    var index = 0
    while index < input.count {
      try quoteByte(at: index)
      index += 1
    }
    if input.isEmpty && style == .shellAlways && elideOuterQuotes {
      throw NeedsOuterQuotes()
    }
  }

  private mutating func begin() throws(NeedsOuterQuotes) {
    switch style {
    case .cMaybe, .c:
      if style == .cMaybe {
        style = .c
        elideOuterQuotes = true
      }
      if !elideOuterQuotes { output.append(UInt8(ascii: "\"")) }
      backslashEscapes = true
      closingQuote = [UInt8(ascii: "\"")]
    case .escape:
      backslashEscapes = true
      elideOuterQuotes = false
    case .locale, .clocale:
      // The C locale's quotes: ' for locale, " for clocale.
      let quote = UInt8(ascii: style == .locale ? "'" : "\"")
      if !elideOuterQuotes { output.append(quote) }
      backslashEscapes = true
      closingQuote = [quote]
    case .shell, .shellEscape, .shellEscapeAlways, .shellAlways:
      if style == .shellEscape { backslashEscapes = true }
      if style == .shell || style == .shellEscape { elideOuterQuotes = true }
      if style == .shellEscapeAlways && !elideOuterQuotes { backslashEscapes = true }
      style = .shellAlways
      if !elideOuterQuotes { output.append(UInt8(ascii: "'")) }
      closingQuote = [UInt8(ascii: "'")]
    case .literal:
      elideOuterQuotes = false
    }
  }

  private mutating func startEscape() throws(NeedsOuterQuotes) {
    if elideOuterQuotes { throw NeedsOuterQuotes() }
    escaping = true
    if style == .shellAlways && !pendingShellEscapeEnd {
      output.append(contentsOf: Array("'$'".utf8))
      pendingShellEscapeEnd = true
    }
    output.append(UInt8(ascii: "\\"))
  }

  private mutating func endEscape() {
    if pendingShellEscapeEnd && !escaping {
      output.append(contentsOf: Array("''".utf8))
      pendingShellEscapeEnd = false
    }
  }

  private enum Next {
    case checkAlsoEscaped
    case store
    case storeEscaped
  }

  // One byte of quotearg's loop; the cases follow its switch.
  private mutating func quoteByte(at index: Int) throws(NeedsOuterQuotes) {
    var byte = input[index]
    var isRightQuote = false
    var compatible = false
    escaping = false

    if backslashEscapes && style != .shellAlways && !closingQuote.isEmpty
      && input[index...].starts(with: closingQuote)
    {
      if elideOuterQuotes { throw NeedsOuterQuotes() }
      isRightQuote = true
    }

    var next = Next.checkAlsoEscaped
    switch byte {
    case 0:
      if backslashEscapes {
        try startEscape()
        if style != .shellAlways && index + 1 < input.count
          && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input[index + 1])
        {
          output.append(contentsOf: Array("00".utf8))
        }
        byte = UInt8(ascii: "0")
        next = .store
      }
    case UInt8(ascii: "?"):
      if style == .shellAlways && elideOuterQuotes { throw NeedsOuterQuotes() }
    case 0x07, 0x08, 0x0C, 0x0B:
      if backslashEscapes {
        byte = Self.escapeLetter(byte)
        next = .storeEscaped
      }
    case 0x0A, 0x0D, 0x09:
      if style == .shellAlways && elideOuterQuotes { throw NeedsOuterQuotes() }
      if backslashEscapes {
        byte = Self.escapeLetter(byte)
        next = .storeEscaped
      }
    case UInt8(ascii: "\\"):
      if style == .shellAlways {
        if elideOuterQuotes { throw NeedsOuterQuotes() }
        next = .store
      } else if backslashEscapes && elideOuterQuotes && !closingQuote.isEmpty {
        next = .store
      } else if backslashEscapes {
        next = .storeEscaped
      }
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "~"),
      UInt8(ascii: " "):
      // A lone brace, or '#' and '~' at the start, are special to a shell;
      // elsewhere they are ordinary bytes, though not "compatible" ones.
      let special: Bool
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "}"): special = input.count == 1
      case UInt8(ascii: "#"), UInt8(ascii: "~"): special = index == 0
      default: special = true
      }
      if special {
        compatible = true
        if style == .shellAlways && elideOuterQuotes { throw NeedsOuterQuotes() }
      }
    case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "$"), UInt8(ascii: "&"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ";"),
      UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "["),
      UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "|"):
      if style == .shellAlways && elideOuterQuotes { throw NeedsOuterQuotes() }
    case UInt8(ascii: "'"):
      sawSingleQuote = true
      compatible = true
      if style == .shellAlways {
        if elideOuterQuotes { throw NeedsOuterQuotes() }
        output.append(contentsOf: Array("'\\'".utf8))
        pendingShellEscapeEnd = false
      }
    case UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "-"),
      UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "0")...UInt8(ascii: ":"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "]"), UInt8(ascii: "_"),
      UInt8(ascii: "a")...UInt8(ascii: "z"):
      compatible = true
    default:
      let printable = (0x20...0x7E).contains(byte)
      compatible = printable
      if backslashEscapes && !printable {
        try startEscape()
        output.append(UInt8(ascii: "0") + (byte >> 6))
        output.append(UInt8(ascii: "0") + ((byte >> 3) & 7))
        byte = UInt8(ascii: "0") + (byte & 7)
        next = .store
      }
    }

    if next == .checkAlsoEscaped {
      let escapesExtra =
        ((backslashEscapes && style != .shellAlways) || elideOuterQuotes)
        && alsoEscaped.contains(byte)
      next = escapesExtra || isRightQuote ? .storeEscaped : .store
    }
    if next == .storeEscaped {
      try startEscape()
    }
    endEscape()
    output.append(byte)
    if !compatible { everyByteCompatible = false }
  }

  private static func escapeLetter(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x07: UInt8(ascii: "a")
    case 0x08: UInt8(ascii: "b")
    case 0x0C: UInt8(ascii: "f")
    case 0x0A: UInt8(ascii: "n")
    case 0x0D: UInt8(ascii: "r")
    case 0x09: UInt8(ascii: "t")
    case 0x0B: UInt8(ascii: "v")
    default: byte
    }
  }
}

/// A set of byte values, for the extra bytes a quoting must escape.
struct ByteSet: Hashable, Sendable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  init() {}

  init(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { insert(byte) }
  }

  static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
    lhs.words == rhs.words
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }

  func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }

  mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }
}

/// Quotes byte strings the way GNU ls (gnulib's quotearg) does in the C locale.
///
/// The rules follow quotearg's: the shell styles close a `'…'` string around
/// an escape and write it as `$'\ooo'`; the styles that elide the outer quotes
/// fall back to the quoted form as soon as one byte needs it; a shell-quoted
/// string whose only problem is a `'` is written as a C string instead.
struct Quoting: Sendable {
  var style: QuotingStyle
  /// Bytes to escape on top of those the style escapes (ls adds the `-F`
  /// indicator characters, and a space for `--escape`).
  var alsoEscaped = ByteSet()

  init(_ style: QuotingStyle, alsoEscaped: ByteSet = ByteSet()) {
    self.style = style
    self.alsoEscaped = alsoEscaped
  }

  /// Appends `input` to `output`, quoted.
  func append(_ input: some Collection<UInt8>, to output: inout [UInt8]) {
    if style == .literal {
      output.append(contentsOf: input)
      return
    }
    if isPlain(input) {
      if elidesOuterQuotes {
        output.append(contentsOf: input)
        return
      }
    }
    output.append(contentsOf: quoted(input))
  }

  /// Returns `input` quoted.
  func quoted(_ input: some Collection<UInt8>) -> [UInt8] {
    let bytes = Array(input)
    var pass = QuotingPass(
      input: bytes, style: style, elideOuterQuotes: false, alsoEscaped: alsoEscaped)
    return pass.run()
  }

  private var elidesOuterQuotes: Bool {
    switch style {
    case .shell, .shellEscape, .cMaybe, .escape: true
    default: false
    }
  }

  /// Whether no byte of `input` needs quoting in any style (the common case).
  private func isPlain(_ input: some Collection<UInt8>) -> Bool {
    guard !input.isEmpty else { return false }
    for byte in input where !Quoting.plainBytes.contains(byte) || alsoEscaped.contains(byte) {
      return false
    }
    return true
  }

  /// Bytes that no style ever quotes or escapes.
  private static let plainBytes = ByteSet(
    Array("%+,-./0123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ]_abcdefghijklmnopqrstuvwxyz@".utf8))
}

/// One run of quotearg's algorithm over one string.
private struct QuotingPass {
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

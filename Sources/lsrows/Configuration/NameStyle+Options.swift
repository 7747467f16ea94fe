extension NameStyle {
  /// The style the options and the environment ask for, as ls decides it:
  /// `--quoting-style` (or `-N`, `-b`, `-Q`), else `QUOTING_STYLE`, else
  /// shell-escape on a terminal and literal bytes elsewhere; colors from
  /// `LS_COLORS`, or ls's defaults when the terminal is one ls knows.
  ///
  /// - Parameters:
  ///   - options: The command line.
  ///   - isTerminal: Whether standard output is a terminal.
  ///   - environment: Reads a variable.
  ///   - terminalWidth: The terminal's width, when there is one.
  ///   - warn: Reports a problem in the environment (as ls, a warning only).
  /// - Returns: The style.
  static func resolve(
    _ options: Options, isTerminal: Bool,
    environment: (String) -> [UInt8]?, terminalWidth: Int?, warn: ([UInt8]) -> Void
  ) -> NameStyle {
    var style = options.quotingStyle
    if style == nil, let value = environment("QUOTING_STYLE") {
      if let word = QuotingStyle.allCases.first(where: { Array($0.word.utf8) == value }) {
        style = word
      } else {
        warn(
          Array("ignoring invalid value of environment variable QUOTING_STYLE: ".utf8)
            + Quoting(.locale).quoted(value))
      }
    }
    let chosen = style ?? (isTerminal ? .shellEscape : .literal)

    // A name must not end in what reads as an indicator.
    var alsoEscaped = ByteSet(options.indicatorStyle.escapedBytes)
    if chosen == .escape { alsoEscaped.insert(UInt8(ascii: " ")) }

    // On a terminal, bytes that quoting leaves unprintable become "?", as
    // in ls (-N included); --show-control-chars writes them as they are.
    let hides = options.hidesControlCharacters ?? isTerminal

    var palette: ColorPalette?
    let noColor = environment("NO_COLOR").map { !$0.isEmpty } ?? false
    let wantsColor =
      options.color == .always || (options.color == .auto && isTerminal && !noColor)
    if wantsColor {
      if let value = environment("LS_COLORS"), !value.isEmpty {
        do {
          palette = try ColorPalette.parse(value)
        } catch .unrecognizedPrefix(let label) {
          warn(Array("unrecognized prefix: ".utf8) + Quoting(.locale).quoted(label))
          warn(Array("unparsable value for LS_COLORS environment variable".utf8))
        } catch {
          warn(Array("unparsable value for LS_COLORS environment variable".utf8))
        }
      } else {
        let colorTerm = environment("COLORTERM") ?? []
        if !colorTerm.isEmpty || environment("TERM").map(ColorPalette.isKnownTerminal) == true {
          palette = .defaults
        }
      }
    }

    var lineLength = 80
    if let width = options.lineLength {
      lineLength = width
    } else if let columns = environment("COLUMNS"),
      let value = Int(String(decoding: columns, as: UTF8.self)),
      value >= 0
    {
      lineLength = value
    } else if let terminalWidth, terminalWidth > 0 {
      lineLength = terminalWidth
    }
    return NameStyle(
      quoting: Quoting(chosen, alsoEscaped: alsoEscaped), hidesControlCharacters: hides,
      palette: palette, lineLength: lineLength)
  }
}

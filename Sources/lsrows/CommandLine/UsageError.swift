/// A mistake in the command line, reported before anything is listed.
enum UsageError: Error, Equatable {
  /// `--frob`: no long option has that name or prefix.
  case unrecognizedOption([UInt8])
  /// `-k`: no short option is that letter.
  case invalidOption(UInt8)
  /// `--s`: the prefix names several options.
  case ambiguousOption([UInt8], candidates: [String])
  /// `--sort` with no argument.
  case missingArgument(option: String)
  /// `-w` with no argument.
  case missingShortArgument(UInt8)
  /// `--all=x`.
  case unexpectedArgument(option: String)
  /// `--sort=sideways`: not one of the option's words.
  case invalidArgument([UInt8], option: String, valid: [[String]])
  /// `--time=c`: a prefix of several of the option's words.
  case ambiguousArgument([UInt8], option: String, valid: [[String]])
  /// `--max-depth=x`: not a non-negative number.
  case invalidNumber([UInt8], option: String)
  /// `--format '{nme}'`: a template that does not parse; the reason says why.
  case invalidTemplate([UInt8], reason: String)
  /// `--where size > 1X`: an expression, or a list of fields, that does not parse.
  case invalidQuery([UInt8], option: String, QueryError)
  /// An operand where none may be, and why.
  case extraOperand([UInt8], reason: String)
  /// Options that choose the same thing in different ways.
  case conflictingOptions([String])
  /// An option that has a meaning only with another: `--fields` without
  /// `--json` or `--csv`.
  case optionWithout(option: String, needs: String)
  /// ls's multi-column formats and `--dired`: not one row per line.
  case notOneRowPerLine(option: String, what: String, hint: String? = nil)
  /// `--block-size=x`, with ls's reason.
  case invalidBlockSize([UInt8], BlockSize.ParseError)
  /// `--time-style=x`: not a style ls knows, or a prefix of several.
  case invalidTimeStyle([UInt8], ambiguous: Bool)
  /// `--time-style=+A<newline>B<newline>C`: more than two formats.
  case invalidTimeStyleFormat([UInt8])
  /// `-T x`.
  case invalidTabSize([UInt8], tooLarge: Bool)
  /// `-w x`.
  case invalidWidth([UInt8])

  /// The exit status ls gives for this mistake: 1 for a bad option argument
  /// (argmatch), 2 for the rest.
  var exitStatus: ExitStatus {
    switch self {
    case .invalidArgument, .ambiguousArgument, .invalidTemplate, .invalidNumber, .invalidQuery:
      .minorProblem
    default: .seriousTrouble
    }
  }

  /// Whether the message ends with the line pointing to `--help`; ls
  /// leaves it out where it dies at once.
  var suggestsHelp: Bool {
    switch self {
    case .invalidTimeStyleFormat, .invalidTabSize, .invalidWidth, .invalidBlockSize: false
    default: true
    }
  }
}

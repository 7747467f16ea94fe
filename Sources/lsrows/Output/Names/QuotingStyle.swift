/// How names are quoted for people: the styles of GNU ls `--quoting-style`.
///
/// lsrows quotes as GNU ls does in the C locale, whatever the locale: only
/// bytes 0x20 through 0x7E are printable.
enum QuotingStyle: CaseIterable, Sendable {
  /// Bytes as they are.
  case literal
  /// Quoted for a POSIX shell when needed; unprintable bytes stay raw.
  case shell
  /// Always quoted for a POSIX shell; unprintable bytes stay raw.
  case shellAlways
  /// Quoted for a shell when needed, unprintable bytes as `$'\ooo'`.
  case shellEscape
  /// Always quoted for a shell, unprintable bytes as `$'\ooo'`.
  case shellEscapeAlways
  /// A C string literal in double quotes.
  case c
  /// A C string literal, in double quotes only when needed.
  case cMaybe
  /// C escapes without quotes.
  case escape
  /// C escapes inside the locale's quotes, which in the C locale are `'…'`.
  case locale
  /// C escapes inside the locale's double quotes, which in the C locale are `"…"`.
  case clocale

  /// The word `--quoting-style` takes for this style.
  var word: String {
    switch self {
    case .literal: "literal"
    case .shell: "shell"
    case .shellAlways: "shell-always"
    case .shellEscape: "shell-escape"
    case .shellEscapeAlways: "shell-escape-always"
    case .c: "c"
    case .cMaybe: "c-maybe"
    case .escape: "escape"
    case .locale: "locale"
    case .clocale: "clocale"
    }
  }
}

/// How `-l` writes times: ls's `--time-style`, in the C locale.
struct TimeStyle: Sendable {
  /// The format of times more than six months old (or in the future), and
  /// of recent ones; `nil` for long-iso, which has its own fast path.
  let formats: (old: TimeFormat, recent: TimeFormat)?

  /// What `--time-style` accepts besides `+FORMAT`.
  static let words = ["full-iso", "long-iso", "iso", "locale"]

  /// `2026-11-30 03:05`: lsrows's default, the one a script can parse.
  static let longISO = TimeStyle(formats: nil)

  private init(formats: (old: TimeFormat, recent: TimeFormat)?) {
    self.formats = formats
  }

  private init(old: String, recent: String) {
    formats = (TimeFormat(parsing: Array(old.utf8)), TimeFormat(parsing: Array(recent.utf8)))
  }

  /// Why a style is refused, in the terms of ls's two messages.
  enum ParseError: Error, Equatable {
    /// A word ls does not know, or one too short to tell (`ambiguous`).
    case unknown([UInt8], ambiguous: Bool)
    /// A `+FORMAT` of more than two lines.
    case tooManyLines([UInt8])
  }

  /// Reads a style as ls does in the C locale: a `posix-` prefix means the
  /// style applies only outside the POSIX locale, so it leaves the locale
  /// style; `+FORMAT` is one format, `+OLD<newline>RECENT` two.
  ///
  /// - Throws: ls's errors: a word it does not know (or one too short to
  ///   tell), or a `+FORMAT` of more than two lines.
  static func parse(_ text: [UInt8]) throws(ParseError) -> TimeStyle {
    if text.starts(with: Array("posix-".utf8)) {
      return TimeStyle(old: "%b %e  %Y", recent: "%b %e %H:%M")
    }
    if text.first == UInt8(ascii: "+") {
      let body = text.dropFirst()
      let lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
      guard lines.count <= 2 else { throw .tooManyLines(Array(body)) }
      return TimeStyle(
        formats: (TimeFormat(parsing: Array(lines[0])), TimeFormat(parsing: Array(lines.last!))))
    }
    let word = String(decoding: text, as: UTF8.self)
    let matches = words.filter { $0.hasPrefix(word) }
    let chosen = words.contains(word) ? word : (matches.count == 1 ? matches[0] : nil)
    switch chosen {
    case "full-iso":
      return TimeStyle(old: "%Y-%m-%d %H:%M:%S.%N %z", recent: "%Y-%m-%d %H:%M:%S.%N %z")
    case "long-iso": return .longISO
    case "iso": return TimeStyle(old: "%Y-%m-%d ", recent: "%m-%d %H:%M")
    case "locale": return TimeStyle(old: "%b %e  %Y", recent: "%b %e %H:%M")
    default: throw .unknown(text, ambiguous: matches.count > 1 && !word.isEmpty)
    }
  }
}

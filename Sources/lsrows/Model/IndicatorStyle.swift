/// What is appended to names, as ls's `--indicator-style`.
enum IndicatorStyle: Int, Comparable, Sendable {
  case none
  /// `-p`: `/` after directories.
  case slash
  /// `--file-type`: `/ @ | =` (and `>` for doors), but no `*`.
  case fileType
  /// `-F`: all of them, and `*` after executable files.
  case classify

  static func < (lhs: IndicatorStyle, rhs: IndicatorStyle) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

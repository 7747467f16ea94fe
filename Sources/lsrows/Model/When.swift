/// The WHEN of `--classify[=WHEN]` and `--color[=WHEN]`.
enum When: Sendable, Equatable {
  case never
  case always
  /// Only when standard output is a terminal.
  case auto
}

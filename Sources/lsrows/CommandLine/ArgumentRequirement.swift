/// Whether an option takes an argument, as in `getopt_long`.
enum ArgumentRequirement: Sendable {
  case none
  /// `--name=VALUE` or `--name VALUE`; for a short option `-xVALUE` or `-x VALUE`.
  case required
  /// Only `--name=VALUE`; a following word is never taken.
  case optional
}

/// Every option lsrows understands, whatever its spelling.
enum OptionID: Sendable, Hashable {
  case all
  case almostAll
  case directory
  case reverse
  case unsorted
  case sort
  case null
  case onePerLine
  case help
  case version
}

extension OptionSpec {
  /// The options, in the order `--help` lists them and ambiguity messages name them.
  static let table: [OptionSpec] = [
    OptionSpec(.all, short: "a", long: ["all"]),
    OptionSpec(.almostAll, short: "A", long: ["almost-all"]),
    OptionSpec(.directory, short: "d", long: ["directory"]),
    OptionSpec(.reverse, short: "r", long: ["reverse"]),
    OptionSpec(.sort, long: ["sort"], argument: .required),
    OptionSpec(.unsorted, short: "U", long: []),
    OptionSpec(.null, short: "0", long: ["null", "zero"]),
    OptionSpec(.onePerLine, short: "1", long: []),
    OptionSpec(.help, long: ["help"]),
    OptionSpec(.version, long: ["version"]),
  ]
}

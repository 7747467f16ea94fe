/// Every option lsrows understands, whatever its spelling.
enum OptionID: Sendable, Hashable {
  case all
  case almostAll
  case directory
  case reverse
  case unsorted
  case sort
  case sortBySize
  case sortByTime
  case sortByExtension
  case sortByVersion
  case groupDirectoriesFirst
  case long
  case numericIDs
  case humanReadable
  case inode
  case time
  case classify
  case format
  case type
  case filesFrom
  case recursive
  case json
  case csv
  case quotingStyle
  case literal
  case escape
  case quoteName
  case hideControlCharacters
  case showControlCharacters
  case color
  case maxDepth
  case dereference
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
    OptionSpec(.recursive, short: "R", long: ["recursive"]),
    OptionSpec(.maxDepth, long: ["max-depth"], argument: .required),
    OptionSpec(.dereference, short: "L", long: ["dereference"]),
    OptionSpec(.long, short: "l", long: []),
    OptionSpec(.numericIDs, short: "n", long: ["numeric-uid-gid"]),
    OptionSpec(.humanReadable, short: "h", long: ["human-readable"]),
    OptionSpec(.inode, short: "i", long: ["inode"]),
    OptionSpec(.time, long: ["time"], argument: .required),
    OptionSpec(.classify, short: "F", long: []),
    OptionSpec(.classify, long: ["classify"], argument: .optional),
    OptionSpec(.format, long: ["format"], argument: .required),
    OptionSpec(.json, long: ["json"]),
    OptionSpec(.csv, long: ["csv"]),
    OptionSpec(.quotingStyle, long: ["quoting-style"], argument: .required),
    OptionSpec(.literal, short: "N", long: ["literal"]),
    OptionSpec(.escape, short: "b", long: ["escape"]),
    OptionSpec(.quoteName, short: "Q", long: ["quote-name"]),
    OptionSpec(.hideControlCharacters, short: "q", long: ["hide-control-chars"]),
    OptionSpec(.showControlCharacters, long: ["show-control-chars"]),
    OptionSpec(.color, long: ["color"], argument: .optional),
    OptionSpec(.type, long: ["type"], argument: .required),
    OptionSpec(.reverse, short: "r", long: ["reverse"]),
    OptionSpec(.sort, long: ["sort"], argument: .required),
    OptionSpec(.sortBySize, short: "S", long: []),
    OptionSpec(.sortByTime, short: "t", long: []),
    OptionSpec(.sortByExtension, short: "X", long: []),
    OptionSpec(.sortByVersion, short: "v", long: []),
    OptionSpec(.unsorted, short: "U", long: []),
    OptionSpec(.groupDirectoriesFirst, long: ["group-directories-first"]),
    OptionSpec(.filesFrom, long: ["files0-from"], argument: .required),
    OptionSpec(.null, short: "0", long: ["null", "zero"]),
    OptionSpec(.onePerLine, short: "1", long: []),
    OptionSpec(.help, long: ["help"]),
    OptionSpec(.version, long: ["version"]),
  ]
}

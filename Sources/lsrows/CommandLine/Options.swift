import RowCore

/// Which entries whose names start with a dot are listed.
enum HiddenEntries: Sendable {
  /// None of them (the default).
  case none
  /// All but `.` and `..` (`-A`).
  case almostAll
  /// All of them, `.` and `..` too (`-a`).
  case all
}

/// What the rows are ordered by.
enum SortKey: Sendable, Equatable {
  /// Byte-wise by name (the default).
  case name
  /// The order the directory gives (`-U`).
  case none
}

/// Everything the command line asked for.
struct Options: Sendable {
  var hidden = HiddenEntries.none
  /// `-d`: list directory operands themselves, not their contents.
  var listsDirectoriesThemselves = false
  var sortKey = SortKey.name
  var reversesOrder = false
  var terminator = RowTerminator.newline
  /// The paths to list; empty means the working directory.
  var operands: [[UInt8]] = []
}

/// What a command line asks lsrows to do.
enum Command: Sendable {
  case list(Options)
  case help
  case version
}

extension Options {
  static let sortChoices = ArgumentChoices<SortKey>(
    option: "--sort",
    choices: [
      (["name"], .name),
      (["none"], .none),
    ]
  )

  /// Reads a command line (without the program name), in order: an option is
  /// applied, or rejected, before the next one is looked at, so the first
  /// mistake is the one reported, as in ls.
  static func parse(
    _ arguments: [[UInt8]],
    stopsAtFirstOperand: Bool = false
  ) throws(UsageError) -> Command {
    var parser = ArgumentParser(
      arguments, table: OptionSpec.table, stopsAtFirstOperand: stopsAtFirstOperand)
    var options = Options()
    while let argument = try parser.next() {
      switch argument {
      case .operand(let operand):
        options.operands.append(operand)
      case .option(.help, _):
        return .help
      case .option(.version, _):
        return .version
      case .option(let id, let value):
        try options.apply(id, value)
      }
    }
    return .list(options)
  }

  private mutating func apply(_ id: OptionID, _ value: [UInt8]?) throws(UsageError) {
    switch id {
    case .all: hidden = .all
    case .almostAll: hidden = .almostAll
    case .directory: listsDirectoriesThemselves = true
    case .reverse: reversesOrder = true
    case .unsorted: sortKey = .none
    case .sort: sortKey = try Options.sortChoices.match(value ?? [])
    case .null: terminator = .nul
    case .onePerLine: break
    case .help, .version: break
    }
  }
}

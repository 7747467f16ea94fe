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

/// What the rows are ordered by; ties are broken by name, as in ls.
enum SortKey: Sendable, Equatable {
  /// Byte-wise by name (the default).
  case name
  /// The order the directory gives (`-U`).
  case none
  /// Largest first (`-S`).
  case size
  /// Newest first, by the time `--time` selects (`-t`).
  case time
  /// By the part of the name from its last dot (`-X`).
  case `extension`
  /// Natural order of numbers within names (`-v`), as GNU filevercmp.
  case version
}

/// Which of a file's times `-l`, `-t` and `{mtime}`-less displays use.
enum TimeField: Sendable, Equatable {
  case modification
  case access
  case change
}

extension FileStatus {
  /// The time `field` names, as `-l` shows it and `-t` sorts by it.
  func time(_ field: TimeField) -> Timestamp {
    switch field {
    case .modification: modificationTime
    case .access: accessTime
    case .change: changeTime
    }
  }
}

/// What each row shows.
enum RowFormat: Sendable {
  /// The name (the default), possibly decorated by `-i` and `-F`.
  case names
  /// `ls -l` columns.
  case long
  /// A `--format` template.
  case template(Template)
  /// JSON Lines: one object per row.
  case json
  /// RFC 4180 CSV with a header line.
  case csv
}

/// When `-F` indicators are added.
enum ClassifyWhen: Sendable, Equatable {
  case never
  case always
  /// Only when standard output is a terminal.
  case auto
}

/// Everything the command line asked for.
struct Options: Sendable {
  var hidden = HiddenEntries.none
  /// `-d`: list directory operands themselves, not their contents.
  var listsDirectoriesThemselves = false
  var sortKey = SortKey.name
  var reversesOrder = false
  var groupsDirectoriesFirst = false
  var format = RowFormat.names
  var numericIDs = false
  var humanReadableSizes = false
  var showsInode = false
  var timeField = TimeField.modification
  var classify = ClassifyWhen.never
  /// `--type`: the kinds to keep; `nil` keeps every kind.
  var kinds: Set<FileKind>?
  /// `--files0-from`: where to read NUL-terminated operands (`-` is standard input).
  var operandsFile: [UInt8]?
  /// `-R`: list the entries below directories too.
  var recursive = false
  /// `--max-depth`: how deep `-R` lists; 1 is a directory's own entries.
  var maxDepth: Int?
  /// `-L`: follow symbolic links, for their metadata and into directories.
  var followsSymlinks = false
  /// `--quoting-style` and its short forms; `nil` leaves it to
  /// `QUOTING_STYLE` and whether the output is a terminal.
  var quotingStyle: QuotingStyle?
  /// `-q` (true) or `--show-control-chars` (false); `nil` leaves it to
  /// whether the output is a terminal.
  var hidesControlCharacters: Bool?
  /// `--color`.
  var color = ClassifyWhen.never
  var terminator = RowTerminator.newline
  /// The paths to list; empty means the working directory.
  var operands: [[UInt8]] = []

  /// How deep entries are listed below a directory operand.
  var listingDepth: Int {
    recursive ? (maxDepth ?? .max) : 1
  }

  var isLongFormat: Bool {
    if case .long = format { return true }
    return false
  }
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
      (["size"], .size),
      (["time"], .time),
      (["extension"], .extension),
      (["version"], .version),
    ]
  )

  static let timeChoices = ArgumentChoices<TimeField>(
    option: "--time",
    choices: [
      (["mtime", "modification"], .modification),
      (["atime", "access", "use"], .access),
      (["ctime", "status"], .change),
    ]
  )

  static let classifyChoices = ArgumentChoices<ClassifyWhen>(
    option: "--classify",
    choices: [
      (["always", "yes", "force"], .always),
      (["never", "no", "none"], .never),
      (["auto", "tty", "if-tty"], .auto),
    ]
  )

  static let quotingChoices = ArgumentChoices<QuotingStyle>(
    option: "--quoting-style",
    choices: QuotingStyle.allCases.map { ([$0.word], $0) }
  )

  static let colorChoices = ArgumentChoices<ClassifyWhen>(
    option: "--color",
    choices: classifyChoices.choices
  )

  static let typeChoices = ArgumentChoices<FileKind>(
    option: "--type",
    choices: [
      (["f", "file"], .regularFile),
      (["d", "dir", "directory"], .directory),
      (["l", "symlink"], .symbolicLink),
      (["p", "pipe", "fifo"], .fifo),
      (["s", "socket"], .socket),
      (["b", "block-device"], .blockDevice),
      (["c", "char-device"], .characterDevice),
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
    // The options that choose the whole row (--format, --json, --csv) exclude each other.
    var formatOptions = Set<String>()
    while let argument = try parser.next() {
      switch argument {
      case .operand(let operand):
        options.operands.append(operand)
      case .option(.help, _):
        return .help
      case .option(.version, _):
        return .version
      case .option(let id, let value):
        switch id {
        case .format: formatOptions.insert("format")
        case .json: formatOptions.insert("json")
        case .csv: formatOptions.insert("csv")
        default: break
        }
        try options.apply(id, value)
      }
    }
    if options.operandsFile != nil, let extra = options.operands.first {
      throw .extraOperand(extra, reason: "file operands cannot be combined with --files0-from")
    }
    if formatOptions.count > 1 {
      throw .conflictingOptions(formatOptions.sorted().map { "--" + $0 })
    }
    if case .csv = options.format, options.terminator == .nul {
      throw .conflictingOptions(["--csv", "--null"])
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
    case .sortBySize: sortKey = .size
    case .sortByTime: sortKey = .time
    case .sortByExtension: sortKey = .extension
    case .sortByVersion: sortKey = .version
    case .groupDirectoriesFirst: groupsDirectoriesFirst = true
    case .long: format = .long
    case .numericIDs:
      numericIDs = true
      format = .long
    case .humanReadable: humanReadableSizes = true
    case .inode: showsInode = true
    case .time: timeField = try Options.timeChoices.match(value ?? [])
    case .classify:
      classify =
        try value.map { v throws(UsageError) in try Options.classifyChoices.match(v) } ?? .always
    case .format: format = .template(try Template(parsing: value ?? []))
    case .type:
      var kinds = Set<FileKind>()
      for word in (value ?? []).split(
        separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
      {
        kinds.insert(try Options.typeChoices.match(Array(word)))
      }
      self.kinds = kinds
    case .filesFrom: operandsFile = value ?? []
    case .recursive: recursive = true
    case .json: format = .json
    case .csv: format = .csv
    case .quotingStyle: quotingStyle = try Options.quotingChoices.match(value ?? [])
    case .literal: quotingStyle = .literal
    case .escape: quotingStyle = .escape
    case .quoteName: quotingStyle = .c
    case .hideControlCharacters: hidesControlCharacters = true
    case .showControlCharacters: hidesControlCharacters = false
    case .color:
      color = try value.map { v throws(UsageError) in try Options.colorChoices.match(v) } ?? .always
    case .dereference: followsSymlinks = true
    case .maxDepth:
      let text = value ?? []
      guard !text.isEmpty,
        text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        let depth = Int(String(decoding: text, as: UTF8.self))
      else {
        throw .invalidNumber(text, option: "--max-depth")
      }
      recursive = true
      maxDepth = depth
      // Depth 0 is the operands themselves, as find -maxdepth 0.
      if depth == 0 { listsDirectoriesThemselves = true }
    case .null: terminator = .nul
    case .onePerLine: break
    case .help, .version: break
    }
  }
}

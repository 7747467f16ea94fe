extension Options {
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
    let now = Timestamp.now
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
        try options.apply(id, value, now: now)
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

  private mutating func apply(
    _ id: OptionID, _ value: [UInt8]?, now: Timestamp
  ) throws(UsageError) {
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
      let depth = try Self.count(value ?? [], option: "--max-depth")
      recursive = true
      maxDepth = depth
      // Depth 0 is the operands themselves, as find -maxdepth 0.
      if depth == 0 { listsDirectoriesThemselves = true }
    case .null: terminator = .nul
    case .onePerLine: break
    case .help, .version: break
    case .filter:
      let text = value ?? []
      do {
        filters.append(try QueryParser.parse(text, now: now))
      } catch {
        throw .invalidQuery(text, option: "--where", error)
      }
    case .sortBy:
      let text = value ?? []
      do {
        sortKey = .fields(try SortField.parseList(text))
      } catch {
        throw .invalidQuery(text, option: "--sort-by", error)
      }
    case .minDepth:
      minDepth = try Self.count(value ?? [], option: "--min-depth")
    case .oneFileSystem: staysOnFileSystem = true
    case .prune:
      let text = value ?? []
      do {
        prunes.append(try GlobPattern(parsing: text, matchesSlashes: true))
      } catch {
        throw .invalidQuery(
          text, option: "--prune",
          QueryError(
            problem: error.reason, offset: error.offset,
            expected: "a glob: * ? [abc] [a-z] [!abc], \\ before a special byte"))
      }
    }
  }

  /// A whole number of levels, 0 or more.
  private static func count(_ text: [UInt8], option: String) throws(UsageError) -> Int {
    guard !text.isEmpty,
      text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(String(decoding: text, as: UTF8.self))
    else {
      throw .invalidNumber(text, option: option)
    }
    return number
  }
}

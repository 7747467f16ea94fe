extension Options {
  /// Applies one option, in command-line order: a later option overrides
  /// an earlier one as it does in ls (`-l -1` is long, `-1 -l` too; `-f`
  /// turns `-l` off only when it comes after it).
  mutating func apply(
    _ id: OptionID, _ value: [UInt8]?, now: Timestamp, outputIsTerminal: Bool
  ) throws(UsageError) {
    let text = value ?? []
    switch id {
    case .all: hidden = .all
    case .almostAll: hidden = .almostAll
    case .directory: listsDirectoriesThemselves = true
    case .ignore: ignorePatterns.append(text)
    case .hide: hidePatterns.append(text)
    case .ignoreBackups: ignorePatterns += [Array("*~".utf8), Array(".*~".utf8)]
    case .type:
      var kinds = Set<FileKind>()
      for word in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
        kinds.insert(try Options.typeChoices.match(Array(word)))
      }
      self.kinds = kinds
    case .filesFrom: operandsFile = text
    case .recursive: recursive = true
    case .maxDepth:
      let depth = try Self.count(text, option: "--max-depth")
      recursive = true
      maxDepth = depth
      // Depth 0 is the operands themselves, as find -maxdepth 0.
      if depth == 0 { listsDirectoriesThemselves = true }
    case .minDepth: minDepth = try Self.count(text, option: "--min-depth")
    case .limit: limit = try Self.count(text, option: "--limit")
    case .sortMemory: sortMemory = try Self.memorySize(text)
    case .oneFileSystem: staysOnFileSystem = true
    case .gitIgnore: appliesGitIgnore = true
    case .prune:
      do {
        try prunes.addPattern(text)
      } catch {
        throw .invalidQuery(
          text, option: "--prune",
          QueryError(
            problem: error.reason, offset: error.offset,
            expected: "a glob: * ? [abc] [a-z] [!abc], \\ before a special byte"))
      }
    case .pruneWhere:
      let query: QueryExpression
      do {
        query = try QueryParser.parse(text, now: now)
      } catch {
        throw .invalidQuery(text, option: "--prune-where", error)
      }
      // A directory is pruned before the walk below it, which its totals
      // would need.
      guard !query.metadataNeeds.subtreeTotals else {
        throw .invalidQuery(
          text, option: "--prune-where",
          QueryError(
            problem: "a tree_ field is known only after the walk below the directory",
            offset: 0, expected: "fields of the directory itself"))
      }
      prunes.addQuery(query)
    case .filter:
      do {
        filters.append(try QueryParser.parse(text, now: now))
      } catch {
        throw .invalidQuery(text, option: "--where", error)
      }
    case .dereference: dereference = .always
    case .dereferenceCommandLine: dereference = .commandLine
    case .dereferenceCommandLineSymlinkToDirectory: dereference = .commandLineSymlinkToDirectory
    case .reverse, .sort, .sortBy, .sortBySize, .sortByTime, .sortByExtension, .sortByVersion,
      .unsorted, .allUnsorted, .groupDirectoriesFirst:
      try applyOrder(id, text)
    case .long, .numericIDs, .withoutOwner, .longWithoutGroup, .withoutGroup, .author, .context,
      .inode, .size, .humanReadable, .si, .blockSize, .kibibytes, .time, .changeTime,
      .accessTime, .timeStyle, .fullTime:
      try applyColumns(id, text)
    case .classify, .fileType, .slash, .indicatorStyle, .hyperlink, .format, .json, .csv, .fields,
      .null,
      .onePerLine, .tabSize, .width, .quotingStyle, .literal, .escape, .quoteName,
      .hideControlCharacters, .showControlCharacters, .color, .columns, .across, .commas, .dired:
      try applyPresentation(id, value, outputIsTerminal: outputIsTerminal)
    case .help, .version: break
    }
  }

  private mutating func applyOrder(_ id: OptionID, _ text: [UInt8]) throws(UsageError) {
    switch id {
    case .reverse: reversesOrder = true
    case .sort: sortKey = try Options.sortChoices.match(text)
    case .sortBy:
      do {
        sortKey = .fields(try SortField.parseList(text))
      } catch {
        throw .invalidQuery(text, option: "--sort-by", error)
      }
    case .sortBySize: sortKey = .size
    case .sortByTime: sortKey = .time
    case .sortByExtension: sortKey = .extension
    case .sortByVersion: sortKey = .version
    case .unsorted: sortKey = SortKey.none
    case .allUnsorted:
      // ls 9.1's -f: -a -U, and no long rows (if -l came first), colors,
      // hyperlinks or -s.
      hidden = .all
      sortKey = SortKey.none
      if format.isLong { format = .names }
      color = .never
      hyperlink = .never
      showsBlocks = false
    case .groupDirectoriesFirst: groupsDirectoriesFirst = true
    default: break
    }
  }

  private mutating func applyColumns(_ id: OptionID, _ text: [UInt8]) throws(UsageError) {
    switch id {
    case .long: format = .long
    case .numericIDs:
      numericIDs = true
      format = .long
    case .withoutOwner:
      format = .long
      showsOwner = false
    case .longWithoutGroup:
      format = .long
      showsGroup = false
    case .withoutGroup: showsGroup = false
    case .author: showsAuthor = true
    case .context: showsContext = true
    case .inode: showsInode = true
    case .size: showsBlocks = true
    case .humanReadable: blockSize = .humanReadable
    case .si: blockSize = .si
    case .blockSize:
      switch BlockSize.parse(text) {
      case .success(let size): blockSize = size
      case .failure(let error): throw .invalidBlockSize(text, error)
      }
    case .kibibytes: kibibytes = true
    case .time: timeField = try Options.timeChoices.match(text)
    case .changeTime: timeField = .change
    case .accessTime: timeField = .access
    case .timeStyle: timeStyle = text
    case .fullTime:
      format = .long
      timeStyle = Array("full-iso".utf8)
    default: break
    }
  }

  private mutating func applyPresentation(
    _ id: OptionID, _ value: [UInt8]?, outputIsTerminal: Bool
  ) throws(UsageError) {
    let text = value ?? []
    switch id {
    case .classify:
      let when = try value.map { v throws(UsageError) in try Options.classifyChoices.match(v) }
      switch when ?? .always {
      case .always: indicatorStyle = .classify
      case .auto: if outputIsTerminal { indicatorStyle = .classify }
      // ls keeps what -F turned on; lsrows turns it off, as the word says.
      case .never: if indicatorStyle == .classify { indicatorStyle = .none }
      }
    case .fileType: indicatorStyle = .fileType
    case .slash: indicatorStyle = .slash
    case .indicatorStyle: indicatorStyle = try Options.indicatorChoices.match(text)
    case .hyperlink:
      hyperlink =
        try value.map { v throws(UsageError) in try Options.classifyChoices.match(v) } ?? .always
    case .format: try applyFormat(text)
    case .json: format = .json
    case .csv: format = .csv
    case .fields: recordFields = try Self.fields(text)
    case .null:
      // ls's --zero: NUL after rows, names as they are, no colors.
      terminator = .nul
      quotingStyle = .literal
      hidesControlCharacters = false
      color = .never
    case .onePerLine: break
    case .tabSize: try Self.checkTabSize(text)
    case .width: lineLength = try Self.lineLength(text)
    case .quotingStyle: quotingStyle = try Options.quotingChoices.match(text)
    case .literal: quotingStyle = .literal
    case .escape: quotingStyle = .escape
    case .quoteName: quotingStyle = .c
    case .hideControlCharacters: hidesControlCharacters = true
    case .showControlCharacters: hidesControlCharacters = false
    case .color:
      color = try value.map { v throws(UsageError) in try Options.colorChoices.match(v) } ?? .always
    case .columns: throw .notOneRowPerLine(option: "-C", what: "columns")
    case .across:
      throw .notOneRowPerLine(
        option: "-x", what: "rows across",
        hint: "(to stay on one file system, as find -xdev, use --one-file-system)")
    case .commas: throw .notOneRowPerLine(option: "-m", what: "a comma-separated list")
    case .dired: throw .notOneRowPerLine(option: "--dired", what: "output for Emacs's dired")
    default: break
    }
  }

  /// `--format=WORD`: ls's words keep their meaning (and its multi-column
  /// ones are refused); anything else is a template.
  private mutating func applyFormat(_ text: [UInt8]) throws(UsageError) {
    switch String(decoding: text, as: UTF8.self) {
    case "long", "verbose": format = .long
    case "single-column": format = .names
    case "across", "horizontal":
      throw .notOneRowPerLine(
        option: "--format=\(String(decoding: text, as: UTF8.self))", what: "rows across")
    case "commas":
      throw .notOneRowPerLine(option: "--format=commas", what: "a comma-separated list")
    case "vertical": throw .notOneRowPerLine(option: "--format=vertical", what: "columns")
    default:
      do {
        format = .template(try Template(parsing: text))
      } catch {
        throw .invalidTemplate(text, reason: error.reason)
      }
    }
  }

  /// `--fields`: field names, comma-separated, each once.
  private static func fields(_ text: [UInt8]) throws(UsageError) -> [Field] {
    let expected = "fields, comma-separated: " + Field.nameList
    do throws(QueryError) {
      let items = try Field.parseList(text, allowsDescending: false, expected: expected)
      var fields: [Field] = []
      for item in items {
        guard !fields.contains(item.field) else {
          throw QueryError(
            problem: "'\(item.field.rawValue)' is named twice", offset: item.offset,
            expected: expected)
        }
        fields.append(item.field)
      }
      return fields
    } catch {
      throw .invalidQuery(text, option: "--fields", error)
    }
  }

  /// `--sort-memory`: a whole number of bytes, with an optional unit as
  /// `--block-size` takes them (`64K`, `8M`, `1G`, `10MB`).
  private static func memorySize(_ text: [UInt8]) throws(UsageError) -> Int {
    guard
      case .success(let (value, digits, _)) = ScaledNumber.parse(text[...], suffixes: "gGkKmMtT0"),
      digits > 0, text.first.map({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) == true
    else {
      throw .invalidQuery(
        text, option: "--sort-memory",
        QueryError(
          problem: "not a size", offset: 0,
          expected:
            "a size in bytes, with K M G T (powers of 1024) or KB MB GB TB (powers of 1000): 64M"))
    }
    return Int(clamping: value)
  }

  /// ls's `-T`: a whole number up to the largest size, else an error.
  private static func checkTabSize(_ text: [UInt8]) throws(UsageError) {
    switch ScaledNumber.parse(text[...], suffixes: "") {
    case .success(let (value, _, _)):
      if value > UInt64(Int.max) { throw .invalidTabSize(text, tooLarge: true) }
    case .failure(.tooLarge): throw .invalidTabSize(text, tooLarge: true)
    case .failure: throw .invalidTabSize(text, tooLarge: false)
    }
  }

  /// ls's `-w`: a whole number (too large means no limit), else an error.
  private static func lineLength(_ text: [UInt8]) throws(UsageError) -> Int {
    switch ScaledNumber.parse(text[...], suffixes: "") {
    case .success(let (value, _, _)): return Int(clamping: value)
    case .failure(.tooLarge): return 0
    case .failure: throw .invalidWidth(text)
    }
  }
}

import Glibc

extension Configuration {
  /// How many rows go through RowCore at a time: enough to amortize each
  /// hand-off, few enough that the boxes never dominate memory.
  static let defaultRowsPerChunk = 4096

  /// Decides everything the options leave to the environment and the
  /// output, as ls decides it: the order when none was asked for, quoting
  /// and colors on a terminal, `LS_COLORS`, `TIME_STYLE` and the block size
  /// variables, which symlinks are followed, what metadata to read, whether
  /// rows stream.
  ///
  /// - Parameters:
  ///   - options: The command line.
  ///   - environment: Reads a variable.
  ///   - output: Standard output, to ask whether it is a terminal.
  ///   - warn: Reports a problem in the environment (as ls, a warning only).
  /// - Throws: A ``UsageError`` for a time style ls would refuse (from
  ///   `--time-style` or `TIME_STYLE`, and only with `-l`, as ls).
  init(
    _ options: Options, environment: (String) -> [UInt8]?, output: FileDescriptor,
    warn: ([UInt8]) -> Void
  ) throws(UsageError) {
    let isTerminal = output.isTerminal
    let format = options.format
    let names = NameStyle.resolve(
      options, isTerminal: isTerminal, environment: environment,
      terminalWidth: isTerminal ? output.terminalWidth : nil, warn: warn)
    presentation = Presentation(
      format: format, names: names, indicators: options.indicatorStyle,
      columns: try Self.columns(options, environment: environment),
      hyperlinkHost: Self.wantsHyperlinks(options.hyperlink, isTerminal) ? Self.hostName() : nil,
      terminator: options.terminator,
      filter: RowFilter(
        kinds: options.kinds, minDepth: options.minDepth, queries: options.filters),
      recordFields: options.recordFields ?? Field.recorded)

    order = Self.order(options, names: names)
    order.rowsReadDetails = presentation.metadataNeeds != .none
    let dereference = Self.dereference(options)
    let needs = Self.metadataNeeds(
      options, order: order, presentation: presentation, dereference: dereference)
    let needsTotals = needs.subtreeTotals
    // Totals are known only once the walk below a directory ends, so a
    // sort that may read them waits for the whole operand, -R or not.
    if options.sortsWholeTree || (needsTotals && !options.listsDirectoriesThemselves),
      case .fields(let keys) = order.key
    {
      treeOrder = TreeOrder(
        keys: keys, isReversed: order.isReversed,
        groupsDirectoriesFirst: order.groupsDirectoriesFirst)
    }
    limit = options.limit
    sortMemory = options.sortMemory ?? ExternalSort.defaultBudget
    staysOnFileSystem = options.staysOnFileSystem
    gitIgnore = options.appliesGitIgnore ? GitUserSettings.read() : nil
    let hidePatterns = options.hidden == .none ? options.hidePatterns : []
    if needsTotals {
      totals = RowVisibility(
        hidden: options.hidden, ignored: IgnoredNames(options.ignorePatterns + hidePatterns),
        prunes: options.prunes, maxDepth: options.listingDepth,
        appliesGitIgnore: options.appliesGitIgnore)
    }
    presentation.alignsNameColumns =
      !order.keepsReadOrder || options.showsBlocks || options.listingDepth > 1
    metadata = MetadataReader(needs: needs)
    operands = Self.operands(options)
    resolver = OperandResolver(
      listsDirectoriesThemselves: options.listsDirectoriesThemselves, dereference: dereference)
    streamsRows = order.keepsReadOrder && !presentation.measuresColumns
    // A tree in one order is sorted once, after the walk: its directories
    // are read as they come, but what they need for the order is read.
    let walkOrder = treeOrder == nil ? order : EntryOrder(key: .none, isReversed: false)
    rowsPerChunk = Self.defaultRowsPerChunk
    // The `entries` field: a walk counts what it enters as it reads it,
    // unless the sort or --prune-where needs the counts before it enters.
    let countsBeforeWalk =
      order.metadataNeeds.entryCounts || options.prunes.metadataNeeds.entryCounts
    let walkCounts = metadata.needs.entryCounts && !countsBeforeWalk && options.listingDepth > 1
    walk = WalkConfiguration(
      reader: DirectoryBatchReader(
        hidden: options.hidden,
        ignored: IgnoredNames(options.ignorePatterns + hidePatterns),
        metadata: metadata, order: walkOrder, prunes: options.prunes,
        appliesGitIgnore: options.appliesGitIgnore,
        mergedChunkSize: Self.mergedChunkSize(order: walkOrder, presentation: presentation),
        chunkFilter: presentation.filter.keepsAll ? nil : presentation.filter,
        entryCountDepth: walkCounts ? options.listingDepth : 0),
      maxDepth: options.listingDepth, followsSymlinks: dereference == .always,
      staysOnFileSystem: options.staysOnFileSystem,
      streamingBatchSize: streamsRows ? rowsPerChunk : nil, rowsPerHandOff: rowsPerChunk,
      // Only a walk below its operand keeps several directories open, for
      // which the free descriptors are counted (a poll of the first 256).
      descriptorBudget: options.listingDepth > 1 ? Self.descriptorBudget : 2,
      openParentBudget: options.listingDepth > 1 ? Self.openParentBudget : 0,
      countsEntries: walkCounts)
    walk.gitSettings = gitIgnore
    walk.slowRead = HelperDemand.slowRead(setting: environment("LSROWS_SLOW_READ_NS"))
    if needsTotals {
      walk.readEverything(
        keepsDotAndDotDot: options.hidden == .all, descriptorBudget: Self.descriptorBudget,
        openParentBudget: Self.openParentBudget)
    } else if let limit = options.limit, presentation.filter.keepsAll, treeOrder == nil {
      walk.limitRows(to: limit)
    }
    walk.subtrees = Self.subtreeSplitting(
      self, listsBelowOperands: options.listingDepth > 1, environment: environment)
  }

  /// How a walk may list subtrees on a second thread: when rows are
  /// written in walk order and each depends on its own directory alone,
  /// and descriptors are free for several walks, each of which may start
  /// a prefetch of its own once reads turn slow (``subtreeDescriptors``).
  ///
  /// Not for records (JSON, CSV): rendering them is most of the work, and
  /// a helper that reads ahead while this thread renders already shares it
  /// out; listed on two threads, their long rows fill the bounded output
  /// of the subtree listed ahead, which then waits (`-RA --json /usr`:
  /// 0.20 s reading ahead, 0.24 s on two threads).
  ///
  /// `LSROWS_SUBTREES` is for tests: `off` never splits, `all` claims
  /// every subtree it can, so that a small tree goes through the worker.
  private static func subtreeSplitting(
    _ configuration: Configuration, listsBelowOperands: Bool,
    environment: (String) -> [UInt8]?
  ) -> SubtreeSplitting? {
    let choice = environment("LSROWS_SUBTREES").map { String(decoding: $0, as: UTF8.self) }
    guard choice != "off", listsBelowOperands, configuration.walk.readsAhead,
      configuration.walk.streamingBatchSize == nil, configuration.limit == nil,
      configuration.treeOrder == nil, configuration.totals == nil,
      !configuration.walk.countsEntries, configuration.presentation.names.palette == nil,
      !configuration.presentation.format.isRecord,
      freeDescriptors >= subtreeDescriptors
    else { return nil }
    return SubtreeSplitting(claimsEagerly: choice == "all")
  }

  /// The order of rows the options ask for.
  private static func order(_ options: Options, names: NameStyle) -> EntryOrder {
    var order = EntryOrder(key: sortKey(options), isReversed: options.reversesOrder)
    order.groupsDirectoriesFirst = options.groupsDirectoriesFirst
    order.timeField = options.timeField
    if order.key == .width {
      order.nameWidths = names.widths(padsUnquoted: options.format.isLong)
    }
    return order
  }

  /// Which symlinks are followed: what the options say, else ls's default,
  /// where links on the command line that point to directories are
  /// followed, unless -d, -F or -l look at links themselves.
  private static func dereference(_ options: Options) -> Dereference {
    options.dereference
      ?? (options.listsDirectoriesThemselves || options.indicatorStyle == .classify
        || options.format.isLong ? .never : .commandLineSymlinkToDirectory)
  }

  /// What is listed: a file of operands, the command line's, or `.`.
  private static func operands(_ options: Options) -> Operands {
    if let file = options.operandsFile { return .file(file) }
    guard options.operands.isEmpty else { return .paths(options.operands) }
    // With -d, ls looks at "." as an operand; else it only reads it.
    return options.listsDirectoriesThemselves ? .paths([Array(".".utf8)]) : .workingDirectory
  }

  /// A large directory sorted by name and written without columns that
  /// depend on all its rows is sorted in chunks of this many entries, each
  /// while the kernel reads the next, and merged as it is written.
  private static func mergedChunkSize(order: EntryOrder, presentation: Presentation) -> Int? {
    guard order.key == .name, !order.groupsDirectoriesFirst, !presentation.measuresColumns
    else { return nil }
    return 1 << 16
  }

  /// The descriptors still free under the limit (the parent may have left
  /// some open), counted once.
  static let freeDescriptors = freeDescriptorCount()

  /// How many directories a walk keeps open: half the free descriptors,
  /// at most 64.
  static let descriptorBudget = max(2, min(64, freeDescriptors / 2))

  /// The free descriptors a walk needs to list subtrees on two threads.
  ///
  /// Its own budget and its prefetch's, the budgets of the subtrees'
  /// walks (a quarter of it, for the worker's and the writing thread's
  /// four), and on a slow file system a helper's directory for 64 helpers
  /// of each, with room to spare. Under the usual limit of 1,024 there are.
  static let subtreeDescriptors = 1000

  /// How many directories the prefetch may keep open for their
  /// subdirectories on a slow file system: what the walk's budget and the
  /// helpers leave of half the free descriptors, at most 256.
  static let openParentBudget = max(
    0, min(256, freeDescriptors / 2 - descriptorBudget - HelperDemand.helperLimit))

  /// The order when none was asked for, as ls decides it: by the time
  /// `-c`, `-u` or `--time` names when rows do not show it (not `-l`),
  /// else by name.
  private static func sortKey(_ options: Options) -> SortKey {
    if let key = options.sortKey { return key }
    switch options.timeField {
    case .access, .change, .birth: return options.format.isLong ? .name : .time
    case .modification: return .name
    }
  }

  /// The columns before names and those of `-l`: sizes scaled by
  /// `--block-size`, `-h`, `--si` or the variables, blocks also by `-k`,
  /// times in the chosen style.
  private static func columns(
    _ options: Options, environment: (String) -> [UInt8]?
  ) throws(UsageError) -> LongRowOptions {
    var columns = LongRowOptions(
      showsInode: options.showsInode, showsBlocks: options.showsBlocks,
      showsContext: options.showsContext, numericIDs: options.numericIDs,
      showsOwner: options.showsOwner, showsGroup: options.showsGroup,
      showsAuthor: options.showsAuthor, timeField: options.timeField)
    if let size = options.blockSize {
      columns.sizeScale = size
      columns.blockScale = size
    } else {
      // As ls: LS_BLOCK_SIZE, then BLOCK_SIZE, then BLOCKSIZE set the
      // blocks; the first two set sizes too; -k overrides for blocks only.
      let fallback: UInt64 = environment("POSIXLY_CORRECT") != nil ? 512 : 1024
      let variable =
        environment("LS_BLOCK_SIZE") ?? environment("BLOCK_SIZE") ?? environment("BLOCKSIZE")
      let scale = variable.map { BlockSize.environmentValue($0, fallback: fallback) }
      columns.blockScale = scale ?? BlockSize(unit: fallback)
      if environment("LS_BLOCK_SIZE") != nil || environment("BLOCK_SIZE") != nil, let scale {
        columns.sizeScale = scale
      }
      if options.kibibytes { columns.blockScale = BlockSize(unit: 1024) }
    }
    if options.format.isLong {
      let style = options.timeStyle ?? environment("TIME_STYLE")
      columns.timeStyle =
        try style.map { text throws(UsageError) in
          do throws(TimeStyle.ParseError) {
            return try TimeStyle.parse(text)
          } catch {
            switch error {
            case .unknown(let word, let ambiguous):
              throw .invalidTimeStyle(word, ambiguous: ambiguous)
            case .tooManyLines(let body): throw .invalidTimeStyleFormat(body)
            }
          }
        } ?? .longISO
    }
    return columns
  }

  /// What must be read about entries, as ls decides what to stat.
  private static func metadataNeeds(
    _ options: Options, order: EntryOrder, presentation: Presentation, dereference: Dereference
  ) -> MetadataNeeds {
    var needs = order.metadataNeeds.union(presentation.metadataNeeds)
    needs.formUnion(options.prunes.metadataNeeds)
    if options.listingDepth > 1 || !options.prunes.isEmpty {
      // Knowing which entries are directories, to walk into them or to
      // leave out those pruned.
      needs.statusKinds.insert(.unknown)
    }
    if dereference == .always {
      // As ls -L: a row describes what its symlink points to. ls looks
      // only when something needs the kind or the status, so a listing of
      // names alone shows a dangling link without complaint.
      needs.followsSymlinks = true
      if !needs.statusKinds.isEmpty { needs.statusKinds.insert(.symbolicLinks) }
    }
    return needs
  }

  private static func wantsHyperlinks(_ when: When, _ isTerminal: Bool) -> Bool {
    when == .always || (when == .auto && isTerminal)
  }

  /// The host name links carry; empty when it cannot be read, as ls.
  private static func hostName() -> [UInt8] {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
    return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  }
}

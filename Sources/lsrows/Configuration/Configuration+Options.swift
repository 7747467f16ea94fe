extension Configuration {
  /// How many rows go through RowCore at a time: enough to amortize each
  /// hand-off, few enough that the boxes never dominate memory.
  static let defaultRowsPerChunk = 4096

  /// Decides everything the options leave to the environment and the
  /// output: `--classify=auto` and `--color=auto`, quoting on a terminal,
  /// `LS_COLORS`, what metadata to read, whether rows stream.
  ///
  /// - Parameters:
  ///   - options: The command line.
  ///   - environment: Reads a variable.
  ///   - output: Standard output, to ask whether it is a terminal.
  ///   - warn: Reports a problem in the environment (as ls, a warning only).
  init(
    _ options: Options, environment: (String) -> [UInt8]?, output: FileDescriptor,
    warn: ([UInt8]) -> Void
  ) {
    let isTerminal = output.isTerminal
    let classifies = options.classify == .always || (options.classify == .auto && isTerminal)
    let names = NameStyle.resolve(
      options, classifies: classifies, isTerminal: isTerminal, environment: environment,
      terminalWidth: isTerminal ? output.terminalWidth : nil, warn: warn)
    presentation = Presentation(
      format: options.format, names: names, classifies: classifies,
      showsInode: options.showsInode, numericIDs: options.numericIDs,
      humanReadableSizes: options.humanReadableSizes, timeField: options.timeField,
      terminator: options.terminator,
      filter: RowFilter(
        kinds: options.kinds, minDepth: options.minDepth, queries: options.filters))

    order = EntryOrder(key: options.sortKey, isReversed: options.reversesOrder)
    order.groupsDirectoriesFirst = options.groupsDirectoriesFirst
    order.timeField = options.timeField

    var needs = order.metadataNeeds.union(presentation.metadataNeeds)
    if options.listingDepth > 1 {
      // Knowing which entries are directories to walk into.
      needs.statusKinds.insert(.unknown)
    }
    if !options.prunes.isEmpty {
      // Knowing which entries are directories, to leave out those pruned.
      needs.statusKinds.insert(.unknown)
    }
    if options.followsSymlinks {
      // As ls -L: every row describes what its symlink points to.
      needs.followsSymlinks = true
      needs.statusKinds.insert(.every)
    }
    metadata = MetadataReader(needs: needs)

    operands =
      options.operandsFile.map { .file($0) }
      ?? .paths(options.operands.isEmpty ? [Array(".".utf8)] : options.operands)
    resolver = OperandResolver(
      listsDirectoriesThemselves: options.listsDirectoriesThemselves,
      looksAtSymlinksThemselves: options.listsDirectoriesThemselves
        || options.format.isLong || classifies)
    streamsRows = order.keepsReadOrder && !presentation.measuresColumns
    rowsPerChunk = Self.defaultRowsPerChunk
    walk = WalkConfiguration(
      reader: DirectoryBatchReader(
        hidden: options.hidden, metadata: metadata, order: order, prunes: options.prunes),
      maxDepth: options.listingDepth, followsSymlinks: options.followsSymlinks,
      staysOnFileSystem: options.staysOnFileSystem,
      streamingBatchSize: streamsRows ? rowsPerChunk : nil, rowsPerHandOff: rowsPerChunk,
      descriptorBudget: Self.descriptorBudget)
  }

  /// How many directories a walk keeps open: half the descriptors still
  /// free under the limit (the parent may have left some open), at most 64.
  static let descriptorBudget = max(2, min(64, freeDescriptorCount() / 2))
}

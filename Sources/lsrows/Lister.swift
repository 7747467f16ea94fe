import RowCore

/// Lists the operands: resolves them, reads directories and what the
/// options need about their entries, filters, sorts, and writes each entry
/// as a typed ``FileRow`` through RowCore.
final class Lister {
  /// How many rows go into one ``RowStore``; rows are boxed a chunk at a
  /// time, so the boxes never outnumber this however large the directory.
  static let chunkSize = 4096

  private let options: Options
  private let order: EntryOrder
  private let formatter: RowFormatter
  private let metadata: MetadataReader
  /// Whether `-F` indicators are shown (`--classify=auto` decided).
  private let classifies: Bool
  private var output: RowWriter<OutputFile>
  private let diagnostics = Diagnostics()
  private var exitStatus = ExitStatus.success
  private var batch: [FileRow] = []
  /// The configure closure of each directory on the walk's current path,
  /// by depth, with the id of the directory it was made for.
  private var configurations: [(id: Int, configure: (inout Cell, FileRow) -> Void)] = []

  /// Whether rows can be written as they are read: no sort, and no column
  /// whose width depends on the other rows.
  private var streams: Bool {
    order.keepsReadOrder && !options.isLongFormat && !options.showsInode
  }

  /// - Parameters:
  ///   - options: The command line.
  ///   - output: Where rows go.
  ///   - classifies: Whether `-F` indicators are shown (`--classify=auto` decided).
  ///   - names: How names are shown (quoting, colors).
  init(options: Options, output: OutputFile, classifies: Bool, names: NameStyle) {
    self.options = options
    order = EntryOrder(options)
    self.classifies = classifies
    formatter = RowFormatter(options, classifies: classifies, names: names)
    metadata = MetadataReader(
      needs: MetadataNeeds(options, classifies: classifies, palette: names.palette))
    self.output = RowWriter(sink: output, terminator: options.terminator)
  }

  /// Lists every operand and flushes the output.
  ///
  /// - Returns: The exit status: the worst problem met.
  /// - Throws: A ``SystemError`` when the output cannot be written; listing
  ///   stops there, as nothing more could reach the reader. ``MemoryExhausted``
  ///   when memory runs out.
  func run() throws -> ExitStatus {
    if case .csv = options.format {
      try output.write(
        rows([StructuredRows.csvHeader]) { cell, header in
          cell.append(header)
          cell.append(byte: 0x0D)
        })
    }
    do {
      if let operandsFile = options.operandsFile {
        try listOperands(from: operandsFile)
      } else {
        try listOperands(options.operands.isEmpty ? [Array(".".utf8)] : options.operands)
      }
    } catch let error as MemoryExhausted {
      // The rows so far go out before the message, as ls's do.
      try flushBeforeMessage()
      throw error
    }
    try output.write(bytes: formatter.trailer())
    try output.flush()
    return exitStatus
  }

  // MARK: - Operands

  private func listOperands(_ operands: [[UInt8]]) throws {
    var files = EntryList()
    var directories = EntryList()
    for operand in operands {
      let status: FileStatus
      let listsContents: Bool
      do {
        (status, listsContents) = try resolve(operand)
      } catch {
        try fail(error, .seriousTrouble)
        continue
      }
      if listsContents {
        try directories.append(name: operand, status: status, kind: .directory)
      } else {
        try files.append(name: operand, status: status, kind: status.kind)
      }
    }
    try reportAll(metadata.read(&files, in: .currentDirectory, pathPrefix: []), .seriousTrouble)
    order.sort(&files)
    order.sort(&directories)
    try emit(files, at: .operands, alsoMeasuring: [Listing(directories, at: .operands)])
    configurations.removeAll()
    let showsPath = operands.count > 1
    for directory in directories.entries {
      try listDirectory(Array(directories.name(of: directory)), showsPath: showsPath)
    }
  }

  /// Reads an operand's status as ls does: a symlink to a directory is
  /// followed, unless `-d`, `-l` or `-F` asks for the link itself; a
  /// dangling symlink is listed as itself.
  ///
  /// - Returns: The operand's status (the link's own, unless it is listed
  ///   through) and whether its contents are listed.
  private func resolve(_ operand: [UInt8]) throws(SystemError) -> (FileStatus, Bool) {
    try operand.withCString { path throws(SystemError) in
      let here = FileDescriptor.currentDirectory
      do throws(Errno) {
        // -d, -l and -F look at a symlink operand itself, as ls does.
        if options.listsDirectoriesThemselves || options.isLongFormat || classifies {
          let own = try here.status(of: path, followingSymlink: false)
          return (own, own.kind == .directory && !options.listsDirectoriesThemselves)
        }
        do throws(Errno) {
          let followed = try here.status(of: path, followingSymlink: true)
          if followed.kind == .directory { return (followed, true) }
        } catch {
          // A dangling symlink is listed as itself; anything else is a failure.
          if error != .noSuchFileOrDirectory { throw error }
        }
        return (try here.status(of: path, followingSymlink: false), false)
      } catch {
        throw .status(operand, error)
      }
    }
  }

  /// Lists the NUL-terminated operands of `--files0-from`, each as itself.
  private func listOperands(from file: [UInt8]) throws {
    let isStandardInput = file == Array("-".utf8)
    let input: FileDescriptor
    if isStandardInput {
      input = .standardInput
    } else {
      do {
        input = try file.withCString { path throws(Errno) in try FileDescriptor.openForReading(path)
        }
      } catch {
        try fail(.openForReading(file, error), .seriousTrouble)
        return
      }
    }
    defer { if !isStandardInput { input.close() } }

    var files = EntryList()
    var reader = OperandReader(input)
    var number = 0
    while true {
      let operand: [UInt8]?
      do {
        operand = try reader.next()
      } catch {
        try fail(.read(file, error), .seriousTrouble)
        break
      }
      guard let operand else { break }
      number += 1
      guard !operand.isEmpty else {
        try flushBeforeMessage()
        diagnostics.reportInvalidEmptyName(in: file, at: number)
        exitStatus = max(exitStatus, .seriousTrouble)
        continue
      }
      let status: FileStatus
      do {
        status = try operand.withCString { path throws(SystemError) in
          do throws(Errno) {
            return try FileDescriptor.currentDirectory.status(of: path, followingSymlink: false)
          } catch {
            throw .status(operand, error)
          }
        }
      } catch {
        try fail(error, .seriousTrouble)
        continue
      }
      try files.append(name: operand, status: status, kind: status.kind)
      if streams && files.count >= Self.chunkSize {
        try finishOperands(&files)
        files.removeAll()
      }
    }
    try finishOperands(&files)
  }

  private func finishOperands(_ files: inout EntryList) throws {
    try reportAll(metadata.read(&files, in: .currentDirectory, pathPrefix: []), .seriousTrouble)
    order.sort(&files)
    try emit(files, at: .operands)
  }

  // MARK: - Directories

  /// How walks of directory operands are configured.
  private var walkConfiguration: TreeWalker.Configuration {
    TreeWalker.Configuration(
      hidden: options.hidden,
      order: order,
      metadata: metadata,
      maxDepth: options.listingDepth,
      followsSymlinks: options.followsSymlinks,
      streams: streams,
      descriptorBudget: Self.descriptorBudget)
  }

  /// How many directories a walk keeps open: half the descriptors still
  /// free under the limit (the parent may have left some open), at most 64.
  static let descriptorBudget = max(2, min(64, freeDescriptorCount() / 2))

  /// Lists one directory operand, and below it with `-R`.
  ///
  /// The walk runs on a second thread, reading, statting and sorting ahead
  /// while this thread turns rows into bytes; events arrive in order.
  private func listDirectory(_ path: [UInt8], showsPath: Bool) throws {
    let configuration = walkConfiguration
    let walk = ProducerThread<[WalkEvent]>(capacity: 8) { yield in
      TreeWalker(operand: path, showsPath: showsPath, configuration: configuration, emit: yield)
        .walk()
    }
    if let walk {
      while case let groups = walk.next(), !groups.isEmpty {
        for events in groups {
          for event in events { try handle(event) }
        }
      }
      return
    }
    // No second thread: walk on this one.
    var failure: (any Error)?
    let walker = TreeWalker(operand: path, showsPath: showsPath, configuration: configuration) {
      events in
      do {
        for event in events { try self.handle(event) }
        return true
      } catch {
        failure = error
        return false
      }
    }
    walker.walk()
    if let failure { throw failure }
  }

  private func handle(_ event: WalkEvent) throws {
    switch event {
    case .rows(let listing, let range):
      try emit(listing, range)
    case .failure(let error, let status):
      try fail(error, status)
    case .loop(let path):
      try flushBeforeMessage()
      diagnostics.reportLoop(path)
      exitStatus = max(exitStatus, .seriousTrouble)
    case .exhausted:
      throw MemoryExhausted()
    }
  }

  // MARK: - Rows

  /// Whether `--type` keeps a row of this kind.
  private func shows(_ entry: Entry) -> Bool {
    options.kinds?.contains(entry.kind) ?? true
  }

  /// Writes the entries of `list` as rows, a chunk of boxed rows at a time.
  private func emit(
    _ list: EntryList, at location: RowLocation, alsoMeasuring: [Listing] = []
  ) throws {
    guard !list.isEmpty else { return }
    let listing = Listing(list, at: location)
    let configure = formatter.configure(for: listing, alsoMeasuring: alsoMeasuring, shows: shows)
    try emit(listing, 0..<list.count, configure: configure)
  }

  /// Writes a run of a walked directory's rows, with the configuration
  /// (column widths) of that directory, made once for all its runs.
  private func emit(_ listing: Listing, _ range: Range<Int>) throws {
    let depth = listing.location.depth
    if configurations.count > depth { configurations.removeSubrange(depth...) }
    let configure: (inout Cell, FileRow) -> Void
    if configurations.count == depth, let cached = configurations.last,
      cached.id == listing.directoryID
    {
      configure = cached.configure
    } else {
      if configurations.count == depth { configurations.removeLast() }
      while configurations.count < depth - 1 { configurations.append((-1, { _, _ in })) }
      configure = formatter.configure(for: listing, shows: shows)
      configurations.append((listing.directoryID, configure))
    }
    try emit(listing, range, configure: configure)
  }

  private func emit(
    _ listing: Listing, _ range: Range<Int>, configure: @escaping (inout Cell, FileRow) -> Void
  ) throws {
    let entries = listing.list.entries
    let kinds = options.kinds
    // A local batch: the loop then makes no exclusivity checks on self.
    var rows = batch
    defer { batch = rows }
    var position = range.lowerBound
    while position < range.upperBound {
      rows.removeAll(keepingCapacity: true)
      let end = min(range.upperBound, position + Self.chunkSize)
      if let kinds {
        for index in position..<end where kinds.contains(entries[index].kind) {
          rows.append(FileRow(listing: listing, position: index))
        }
      } else {
        for index in position..<end {
          rows.append(FileRow(listing: listing, position: index))
        }
      }
      position = end
      if !rows.isEmpty {
        try output.write(RowCore.rows(rows, configure: configure))
      }
    }
  }

  // MARK: - Failures

  /// Reports a failure and remembers its exit status.
  private func fail(_ error: SystemError, _ status: ExitStatus) throws {
    try flushBeforeMessage()
    diagnostics.report(error)
    exitStatus = max(exitStatus, status)
  }

  private func reportAll(_ errors: [SystemError], _ status: ExitStatus) throws {
    for error in errors { try fail(error, status) }
  }

  /// Writes the rows so far before a message, so that messages and rows
  /// interleave as ls interleaves them.
  private func flushBeforeMessage() throws {
    try output.flush()
  }
}

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

  /// Whether rows can be written as they are read: no sort, and no column
  /// whose width depends on the other rows.
  private var streams: Bool {
    order.keepsReadOrder && !options.isLongFormat && !options.showsInode
  }

  init(options: Options, output: OutputFile, isTerminal: Bool) {
    self.options = options
    order = EntryOrder(options)
    classifies = options.classify == .always || (options.classify == .auto && isTerminal)
    formatter = RowFormatter(options, classifies: classifies)
    metadata = MetadataReader(needs: MetadataNeeds(options, classifies: classifies))
    self.output = RowWriter(sink: output, terminator: options.terminator)
  }

  /// Lists every operand and flushes the output.
  ///
  /// - Returns: The exit status: the worst problem met.
  /// - Throws: A ``SystemError`` when the output cannot be written; listing
  ///   stops there, as nothing more could reach the reader.
  func run() throws -> ExitStatus {
    if let operandsFile = options.operandsFile {
      try listOperands(from: operandsFile)
    } else {
      try listOperands(options.operands.isEmpty ? [Array(".".utf8)] : options.operands)
    }
    try output.flush()
    return exitStatus
  }

  // MARK: - Operands

  private func listOperands(_ operands: [[UInt8]]) throws {
    var files = EntryList()
    var directories = EntryList()
    for operand in operands {
      do {
        let (status, listsContents) = try resolve(operand)
        if listsContents {
          directories.append(name: operand, status: status, kind: .directory)
        } else {
          files.append(name: operand, status: status, kind: status.kind)
        }
      } catch {
        try fail(error, .seriousTrouble)
      }
    }
    try reportAll(metadata.read(&files, in: .currentDirectory, pathPrefix: []), .seriousTrouble)
    keepRequestedKinds(&files)
    order.sort(&files)
    order.sort(&directories)
    try emit(files, at: .operands, alsoMeasuring: [Listing(directories, at: .operands)])
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
      do {
        let status = try operand.withCString { path throws(SystemError) in
          do throws(Errno) {
            return try FileDescriptor.currentDirectory.status(of: path, followingSymlink: false)
          } catch {
            throw .status(operand, error)
          }
        }
        files.append(name: operand, status: status, kind: status.kind)
      } catch {
        try fail(error, .seriousTrouble)
      }
      if streams && files.count >= Self.chunkSize {
        try finishOperands(&files)
        files.removeAll()
      }
    }
    try finishOperands(&files)
  }

  private func finishOperands(_ files: inout EntryList) throws {
    try reportAll(metadata.read(&files, in: .currentDirectory, pathPrefix: []), .seriousTrouble)
    keepRequestedKinds(&files)
    order.sort(&files)
    try emit(files, at: .operands)
  }

  // MARK: - Directories

  /// Lists one directory operand: sorted, or with `-U` written as it is read.
  private func listDirectory(_ path: [UInt8], showsPath: Bool) throws {
    let stream: DirectoryStream
    do {
      stream = try path.withCString { name throws(Errno) in try DirectoryStream(opening: name) }
    } catch {
      try fail(.openDirectory(path, error), .seriousTrouble)
      return
    }
    let location = RowLocation.entries(of: path, showsPath: showsPath)
    if streams {
      let failure = try readBatches(from: stream, at: location) { batch, failures in
        var batch = batch
        try reportAll(failures, .minorProblem)
        keepRequestedKinds(&batch)
        try emit(batch, at: location)
      }
      if let failure { try fail(.readDirectory(path, failure), .seriousTrouble) }
    } else {
      var list = EntryList()
      do {
        _ = try stream.read(into: &list, keeping: options.hidden)
      } catch {
        // As ls: report the failure, then list whatever was read.
        try fail(.readDirectory(path, error), .seriousTrouble)
      }
      let failures = metadata.read(&list, in: stream.descriptor, pathPrefix: location.pathPrefix)
      try reportAll(failures, .minorProblem)
      keepRequestedKinds(&list)
      order.sort(&list)
      try emit(list, at: location)
    }
  }

  /// One batch of a directory read ahead on another thread.
  private enum ReadAhead: Sendable {
    case entries(EntryList, failures: [SystemError])
    case failure(Errno)
  }

  /// Reads `stream` in batches of ``chunkSize`` entries, with their
  /// metadata, calling `body` with each as soon as it is read.
  ///
  /// Past the first batch the reading moves to a second thread, so that the
  /// kernel's work for the next batch overlaps with writing this one.
  ///
  /// - Returns: The error that ended the reading early, if any.
  private func readBatches(
    from stream: DirectoryStream,
    at location: RowLocation,
    _ body: (EntryList, [SystemError]) throws -> Void
  ) throws -> Errno? {
    let hidden = options.hidden
    let metadata = self.metadata
    /// Reads one batch; the error, if any, comes after the entries read before it.
    @Sendable func readBatch() -> (EntryList, [SystemError], finished: Bool, failure: Errno?) {
      var batch = EntryList()
      var finished = true
      var failure: Errno?
      do {
        finished = try stream.read(into: &batch, limit: Lister.chunkSize, keeping: hidden)
      } catch {
        failure = error
      }
      let failures = metadata.read(&batch, in: stream.descriptor, pathPrefix: location.pathPrefix)
      return (batch, failures, finished, failure)
    }
    let first = readBatch()
    try body(first.0, first.1)
    if first.finished { return first.failure }
    let readAhead = ProducerThread<ReadAhead>(capacity: 4) { yield in
      while true {
        let (batch, failures, finished, failure) = readBatch()
        guard yield(.entries(batch, failures: failures)) else { return }
        if let failure { _ = yield(.failure(failure)) }
        if finished { return }
      }
    }
    guard let readAhead else {
      // No second thread: read on this one.
      while true {
        let (batch, failures, finished, failure) = readBatch()
        try body(batch, failures)
        if finished { return failure }
      }
    }
    while let next = readAhead.next() {
      switch next {
      case .entries(let batch, let failures): try body(batch, failures)
      case .failure(let error): return error
      }
    }
    return nil
  }

  // MARK: - Rows

  /// Drops the entries `--type` does not ask for.
  private func keepRequestedKinds(_ list: inout EntryList) {
    guard let kinds = options.kinds else { return }
    list.entries.removeAll { !kinds.contains($0.kind) }
  }

  /// Writes the entries of `list` as rows, a chunk of boxed rows at a time.
  private func emit(
    _ list: EntryList, at location: RowLocation, alsoMeasuring: [Listing] = []
  ) throws {
    guard !list.isEmpty else { return }
    let listing = Listing(list, at: location)
    let configure = formatter.configure(for: listing, alsoMeasuring: alsoMeasuring)
    var start = 0
    while start < list.count {
      let end = min(start + Self.chunkSize, list.count)
      batch.removeAll(keepingCapacity: true)
      for position in start..<end {
        batch.append(FileRow(listing: listing, position: position))
      }
      try output.write(rows(batch, configure: configure))
      start = end
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

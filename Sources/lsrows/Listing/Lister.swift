import RowCore

/// Lists the operands: resolves them, reads directories, sorts, and writes
/// each entry as a typed ``FileRow`` through RowCore.
final class Lister {
  /// How many rows go into one ``RowStore``; rows are boxed a chunk at a
  /// time, so the boxes never outnumber this however large the directory.
  static let chunkSize = 4096

  private let options: Options
  private let order: EntryOrder
  private let configure: (inout Cell, FileRow) -> Void
  private var output: RowWriter<OutputFile>
  private let diagnostics = Diagnostics()
  private var exitStatus = ExitStatus.success
  private var batch: [FileRow] = []

  init(options: Options, output: OutputFile) {
    self.options = options
    order = EntryOrder(options)
    configure = CellFormat.configure(for: options)
    self.output = RowWriter(sink: output, terminator: options.terminator)
  }

  /// Lists every operand and flushes the output.
  ///
  /// - Returns: The exit status: the worst problem met.
  /// - Throws: A ``SystemError`` when the output cannot be written; listing
  ///   stops there, as nothing more could reach the reader.
  func run() throws -> ExitStatus {
    let operands = options.operands.isEmpty ? [Array(".".utf8)] : options.operands
    var files = EntryList()
    var directories = EntryList()
    for operand in operands {
      do {
        let resolved = try resolve(operand)
        if resolved.listsContents {
          directories.append(name: operand, kind: .directory, inode: resolved.status.inode)
          directories.statuses.append(resolved.status)
        } else {
          files.append(name: operand, kind: resolved.status.kind, inode: resolved.status.inode)
          files.statuses.append(resolved.status)
        }
      } catch {
        try fail(error, .seriousTrouble)
      }
    }
    order.sort(&files)
    order.sort(&directories)
    try emit(files, at: .operands)
    let showsPath = operands.count > 1
    for directory in directories.entries {
      try listDirectory(Array(directories.name(of: directory)), showsPath: showsPath)
    }
    try output.flush()
    return exitStatus
  }

  /// What an operand turned out to be.
  private struct ResolvedOperand {
    var status: FileStatus
    var listsContents: Bool
  }

  /// Reads an operand's status as ls does: a symlink to a directory is
  /// followed (unless `-d`), a dangling symlink is listed as itself.
  private func resolve(_ operand: [UInt8]) throws(SystemError) -> ResolvedOperand {
    try operand.withCString { path throws(SystemError) in
      do throws(Errno) {
        if options.listsDirectoriesThemselves {
          let status = try FileDescriptor.currentDirectory.status(of: path, followingSymlink: false)
          return ResolvedOperand(status: status, listsContents: false)
        }
        do throws(Errno) {
          let followed = try FileDescriptor.currentDirectory.status(
            of: path, followingSymlink: true)
          if followed.kind == .directory {
            return ResolvedOperand(status: followed, listsContents: true)
          }
        } catch {
          // A dangling symlink is listed as itself; anything else is a failure.
          if error != .noSuchFileOrDirectory { throw error }
        }
        let status = try FileDescriptor.currentDirectory.status(of: path, followingSymlink: false)
        return ResolvedOperand(status: status, listsContents: false)
      } catch {
        throw .status(operand, error)
      }
    }
  }

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
    if order.keepsReadOrder {
      let failure = try readBatches(from: stream) { batch in try emit(batch, at: location) }
      if let failure { try fail(.readDirectory(path, failure), .seriousTrouble) }
    } else {
      var list = EntryList()
      do {
        _ = try stream.read(into: &list, keeping: options.hidden)
      } catch {
        // As ls: report the failure, then list whatever was read.
        try fail(.readDirectory(path, error), .seriousTrouble)
      }
      order.sort(&list)
      try emit(list, at: location)
    }
  }

  /// One batch of a directory read ahead on another thread.
  private enum ReadAhead: Sendable {
    case entries(EntryList)
    case failure(Errno)
  }

  /// Reads `stream` in batches of ``chunkSize`` entries, calling `body` with
  /// each as soon as it is read.
  ///
  /// Past the first batch the reading moves to a second thread, so that the
  /// kernel's work for the next batch overlaps with writing this one.
  ///
  /// - Returns: The error that ended the reading early, if any.
  private func readBatches(
    from stream: DirectoryStream,
    _ body: (EntryList) throws -> Void
  ) throws -> Errno? {
    let hidden = options.hidden
    /// Reads one batch; the error, if any, comes after the entries read before it.
    @Sendable func readBatch() -> (EntryList, finished: Bool, failure: Errno?) {
      var batch = EntryList()
      do {
        let finished = try stream.read(into: &batch, limit: Lister.chunkSize, keeping: hidden)
        return (batch, finished, nil)
      } catch {
        return (batch, true, error)
      }
    }
    let first = readBatch()
    try body(first.0)
    if first.finished { return first.failure }
    let readAhead = ProducerThread<ReadAhead>(capacity: 4) { yield in
      while true {
        let (batch, finished, failure) = readBatch()
        guard yield(.entries(batch)) else { return }
        if let failure { _ = yield(.failure(failure)) }
        if finished { return }
      }
    }
    guard let readAhead else {
      // No second thread: read on this one.
      while true {
        let (batch, finished, failure) = readBatch()
        try body(batch)
        if finished { return failure }
      }
    }
    while let next = readAhead.next() {
      switch next {
      case .entries(let batch): try body(batch)
      case .failure(let error): return error
      }
    }
    return nil
  }

  /// Writes the entries of `list` as rows, a chunk of boxed rows at a time.
  private func emit(_ list: EntryList, at location: RowLocation) throws {
    let listing = Listing(list, at: location)
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

  /// Reports a failure and remembers its exit status.
  ///
  /// Rows written so far go out first, so messages and rows interleave as
  /// ls interleaves them.
  private func fail(_ error: SystemError, _ status: ExitStatus) throws {
    try output.flush()
    diagnostics.report(error)
    exitStatus = max(exitStatus, status)
  }
}

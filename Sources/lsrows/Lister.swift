/// The pipeline: operands are resolved, directories walked (on a second
/// thread), and every row handed to the output as a typed ``FileRow``;
/// problems are reported as they come, in ls's order.
final class Lister {
  let configuration: Configuration
  let output: RowOutput
  private let problems: ProblemReporter
  /// `--gitignore`: the rules of the operands' work trees.
  private let gitIgnore: GitIgnoreOperands?
  /// How directories are walked: the configuration's, with the renderer
  /// of subtrees listed on a second thread.
  private let walkConfiguration: WalkConfiguration

  init(_ configuration: Configuration, output: RowOutput, diagnostics: Diagnostics) {
    self.configuration = configuration
    self.output = output
    problems = ProblemReporter(diagnostics) { () throws(SystemError) in try output.flush() }
    gitIgnore = configuration.gitIgnore.map(GitIgnoreOperands.init)
    var walk = configuration.walk
    let presentation = configuration.presentation
    walk.subtrees?.makeRenderer = { SubtreeRenderer(presentation) }
    walkConfiguration = walk
  }

  /// Lists every operand and flushes the output.
  ///
  /// - Returns: The exit status: the worst problem met.
  /// With `--limit`, listing stops once its rows are written: operands and
  /// directories not yet reached are never read.
  ///
  /// - Throws: A ``SystemError`` when the output cannot be written; listing
  ///   stops there, as nothing more could reach the reader. ``MemoryExhausted``
  ///   when memory runs out, after the rows so far.
  func run() throws -> ExitStatus {
    try output.begin()
    for failure in configuration.gitIgnore?.failures ?? [] {
      try problems.report(failure, FailureSeverity.entry)
    }
    do {
      switch configuration.operands {
      case .workingDirectory:
        try walk(Array(".".utf8), number: 1, showsPath: false, isImplicit: true)
      case .paths(let paths): try list(paths)
      case .file(let path): try listOperands(from: path)
      }
    } catch is LimitReached {
      // --limit: its rows are written, and nothing more is read.
    } catch let error as MemoryExhausted {
      try output.flush()
      throw error
    }
    try output.finish()
    return problems.status
  }

  // MARK: - Operands

  /// Lists the command line's paths: files first, as themselves, then the
  /// contents of each directory, as ls orders them.
  private func list(_ paths: [[UInt8]]) throws {
    var files = EntryList()
    var directories = EntryList()
    for path in paths {
      do {
        switch try configuration.resolver.resolve(path) {
        case .file(let status):
          guard try !isGitIgnored(path, isDirectory: status.kind == .directory) else { continue }
          try files.append(name: path, status: status, kind: status.kind)
        case .directory(let status):
          guard try !isGitIgnored(path, isDirectory: true) else { continue }
          try directories.append(name: path, status: status, kind: .directory)
        }
      } catch let error as SystemError {
        try problems.report(error, .seriousTrouble)
      }
    }
    try readAndSort(&files)
    configuration.order.sort(&directories)
    try output.write(
      operands: Listing(files, at: .operands),
      alsoMeasuring: [Listing(directories, at: .operands)])
    for (number, directory) in directories.entries.enumerated() {
      try walk(
        Array(directories.name(of: directory)), number: number + 1, showsPath: paths.count > 1)
    }
  }

  /// Lists the NUL-terminated paths of a `--files0-from` file, each as
  /// itself; with rows that stream, a chunk at a time.
  private func listOperands(from path: [UInt8]) throws {
    let file: OperandFile
    do {
      file = try OperandFile(opening: path)
    } catch {
      try problems.report(error, .seriousTrouble)
      return
    }
    var files = EntryList()
    while let item = file.next() {
      switch item {
      case .operand(let operand):
        do {
          let status = try configuration.resolver.ownStatus(of: operand)
          guard try !isGitIgnored(operand, isDirectory: status.kind == .directory) else { break }
          try files.append(name: operand, status: status, kind: status.kind)
        } catch let error as SystemError {
          try problems.report(error, .seriousTrouble)
        }
      case .emptyName(let number):
        try problems.reportEmptyName(in: file.path, at: number)
      case .failure(let error):
        try problems.report(error, .seriousTrouble)
      }
      if configuration.streamsRows && files.count >= configuration.rowsPerChunk {
        try readAndSort(&files)
        try output.write(operands: Listing(files, at: .operands))
        try stopAtLimit()
        files.removeAll()
      }
    }
    try readAndSort(&files)
    try output.write(operands: Listing(files, at: .operands))
  }

  /// Whether `--gitignore` leaves the operand `path` out; what could not
  /// be read on the way is reported.
  private func isGitIgnored(_ path: [UInt8], isDirectory: Bool) throws -> Bool {
    guard let gitIgnore else { return false }
    var failures: [SystemError] = []
    let excluded = gitIgnore.excludes(path, isDirectory: isDirectory) { failures.append($0) }
    for failure in failures { try problems.report(failure, FailureSeverity.entry) }
    return excluded
  }

  /// The rules of the directory operand `path` with `--gitignore`: `nil`
  /// outside a work tree (or without the option), `.excluded` when git
  /// ignores it; what could not be read on the way is reported.
  private func ignoreRules(ofDirectory path: [UInt8]) throws -> GitWorkTree.OperandRules {
    guard let gitIgnore else { return .outside }
    var failures: [SystemError] = []
    let rules = gitIgnore.rules(ofDirectory: path) { failures.append($0) }
    for failure in failures { try problems.report(failure, FailureSeverity.entry) }
    return rules
  }

  /// Reads what the options need about operands listed as themselves, and
  /// sorts them.
  private func readAndSort(_ files: inout EntryList) throws {
    let failures = try configuration.metadata.read(&files, in: .currentDirectory, pathPrefix: [])
    for failure in failures { try problems.report(failure, .seriousTrouble) }
    if configuration.totals != nil {
      // -d: a directory listed as itself is totalled as du -s totals it.
      for entry in files.entries where files.status(of: entry)?.kind == .directory {
        files.treeTotals[entry.index] = try total(Array(files.name(of: entry)))
      }
    }
    configuration.order.sort(&files)
  }

  // MARK: - Directories

  /// Lists one directory operand, and below it with `-R`; `isImplicit`
  /// for the `.` listed when no PATH is given.
  ///
  /// With a ``TreeOrder``, the rows of the whole tree are held and written
  /// in that order once the walk ends.
  private func walk(
    _ path: [UInt8], number: Int, showsPath: Bool, isImplicit: Bool = false
  ) throws {
    try stopAtLimit()
    var ignoreScope: GitIgnoreScope?
    switch try ignoreRules(ofDirectory: path) {
    case .excluded: return
    case .scope(let scope): ignoreScope = scope
    case .outside: break
    }
    if let visibility = configuration.totals {
      try walkForTotals(
        path, number: number, showsPath: showsPath, isImplicit: isImplicit,
        ignoreScope: ignoreScope, visibility: visibility)
      return
    }
    var tree = configuration.treeOrder.map { order in
      OrderedTree(order, configuration: configuration, output: output)
    }
    try BackgroundWalk.run(
      operand: path, walkNumber: number, showsPath: showsPath, isImplicit: isImplicit,
      ignoreScope: ignoreScope, configuration: walkConfiguration
    ) { events in
      var rest = events
      // A subtree listed on another thread and not written waits for the
      // writer: stopped if the writer stops first.
      defer { for case .subtree(let job) in rest { job.output.stop() } }
      while let event = rest.first {
        switch event {
        case .rows(let listing, let range) where tree != nil:
          for row in listing.rows(range) where output.isShown(row) {
            try tree!.add(row, output: output)
          }
        case .rows:
          try output.write(spans: rest.takeRowSpans())
          try stopAtLimit()
          continue
        default: try reportProblem(event)
        }
        rest = rest.dropFirst()
      }
    }
    if let tree { try tree.finish(output: output) }
  }

  /// Reports what a walk met that is not rows: a failure, a loop, or
  /// memory running out (thrown, to end the listing).
  func reportProblem(_ event: WalkEvent) throws {
    switch event {
    case .rows: break
    case .failure(let error, let status): try problems.report(error, status)
    case .loop(let path): try problems.reportLoop(path)
    case .exhausted: throw MemoryExhausted()
    case .subtree(let job):
      // Its rows, rendered already, and its problems, in order.
      try job.scheduler.write(
        job, with: { bytes throws(SystemError) in try output.write(rendered: bytes) },
        reporting: reportProblem)
    case .handOver: break
    }
  }

  /// Ends the listing once `--limit`'s rows are all written.
  func stopAtLimit() throws(LimitReached) {
    if output.remainingRows == 0 { throw LimitReached() }
  }
}

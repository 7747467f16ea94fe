/// The walk of an operand with `tree_` fields (du's order): everything
/// below it is read, and each directory's row waits for its totals.
extension Lister {
  /// Lists one directory operand with `tree_` fields: the walk reads
  /// everything below it, each directory's row goes out after what is
  /// below it (du's order) with its totals, and ``RowVisibility`` decides
  /// which rows are shown.
  ///
  /// - Returns: The operand's own totals.
  @discardableResult
  func walkForTotals(
    _ path: [UInt8], number: Int, showsPath: Bool, isImplicit: Bool,
    ignoreScope: GitIgnoreScope? = nil, visibility: RowVisibility
  ) throws -> TreeTotals {
    var subtree = SubtreeTotals(
      operand: try? configuration.resolver.ownStatus(of: path), visibility: visibility,
      reader: FieldReader(accounts: AccountNames()),
      staysOnFileSystem: configuration.staysOnFileSystem,
      countsEachFileOnce: configuration.walk.followsSymlinks)
    var tree = configuration.treeOrder.map { order in
      OrderedTree(order, configuration: configuration, output: output)
    }
    // Columns measured over all the rows need them all first: they are
    // kept within the sort budget, in the order they come.
    var held =
      tree == nil && configuration.presentation.measuresColumns
      ? MeasuredRowStore(budget: configuration.sortMemory, isReversed: false) : nil
    var arrivals: UInt64 = 0
    func handOn(_ rows: [FileRow]) throws {
      if tree != nil {
        for row in rows where output.isShown(row) { try tree!.add(row, output: output) }
      } else if held != nil {
        for row in rows where output.isShown(row) {
          arrivals += 1
          try held!.add(
            row, key: withUnsafeBytes(of: arrivals.bigEndian, Array.init), output: output)
        }
      } else {
        try output.write(rows: rows, areShown: false)
        try stopAtLimit()
      }
    }
    try BackgroundWalk.run(
      operand: path, walkNumber: number, showsPath: showsPath, isImplicit: isImplicit,
      ignoreScope: ignoreScope, configuration: configuration.walk
    ) { events in
      for event in events {
        switch event {
        case .rows(let listing, let range):
          for row in listing.rows(range) { try subtree.add(row) }
          try handOn(subtree.ready)
          subtree.ready.removeAll(keepingCapacity: true)
        default: try reportProblem(event)
        }
      }
    }
    let totals = try subtree.finish()
    try handOn(subtree.ready)
    if let tree {
      try tree.finish(output: output)
    } else if let held {
      try held.finish(output: output)
    }
    return totals
  }

  /// The totals of a directory listed as itself (`-d`), from a walk that
  /// shows nothing.
  func total(_ path: [UInt8]) throws -> TreeTotals {
    try walkForTotals(
      path, number: 1, showsPath: true, isImplicit: false,
      visibility: RowVisibility(
        hidden: .all, ignored: IgnoredNames([]), prunes: Prunes(), maxDepth: 0))
  }
}

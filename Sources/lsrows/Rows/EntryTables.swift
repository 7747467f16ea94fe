/// The tables of an ``EntryList`` that few lists fill (symlink targets,
/// security contexts, entry counts, subtree totals), kept together in one
/// object that a list makes only when one of them gets an element.
///
/// A list is made, moved and freed for every directory a walk reads, and
/// each of its references is retained and released at each copy: four
/// empty tables cost four of each, one absent object none.
final class EntryTables: @unchecked Sendable {
  // Unchecked: a list mutates its tables only while it holds the only
  // reference (``EntryList`` copies them first otherwise), so an object
  // another thread can see is never written again.
  var symlinkTargets = [UInt32: [UInt8]]()
  var securityContexts = [UInt32: [UInt8]]()
  var entryCounts = [UInt32: Int]()
  var treeTotals = [UInt32: TreeTotals]()

  init() {}

  /// A copy of `other`'s tables, for a list about to change what it shares.
  init(copying other: EntryTables) {
    symlinkTargets = other.symlinkTargets
    securityContexts = other.securityContexts
    entryCounts = other.entryCounts
    treeTotals = other.treeTotals
  }
}

extension EntryList {
  /// Each symbolic link's target, by ``Entry/index``, when an option needs it.
  var symlinkTargets: [UInt32: [UInt8]] {
    get { table(\.symlinkTargets) }
    set { setTable(\.symlinkTargets, to: newValue) }
    _modify { yield &uniqueTables().symlinkTargets }
  }

  /// Each labelled file's security context, by ``Entry/index``, when `-Z`
  /// or `-l` needs it.
  var securityContexts: [UInt32: [UInt8]] {
    get { table(\.securityContexts) }
    set { setTable(\.securityContexts, to: newValue) }
    _modify { yield &uniqueTables().securityContexts }
  }

  /// How many entries each directory holds, by ``Entry/index``, when the
  /// `entries` field is asked for and no walk counts them itself.
  var entryCounts: [UInt32: Int] {
    get { table(\.entryCounts) }
    set { setTable(\.entryCounts, to: newValue) }
    _modify { yield &uniqueTables().entryCounts }
  }

  /// Each directory's subtree totals, by ``Entry/index``, when a `tree_`
  /// field is asked for and the walk below it has ended.
  var treeTotals: [UInt32: TreeTotals] {
    get { table(\.treeTotals) }
    set { setTable(\.treeTotals, to: newValue) }
    _modify { yield &uniqueTables().treeTotals }
  }

  /// One of the tables, empty while the list has none.
  @inline(__always)
  private func table<Value>(
    _ table: KeyPath<EntryTables, [UInt32: Value]>
  ) -> [UInt32: Value] {
    tables?[keyPath: table] ?? [:]
  }

  /// Sets one of the tables; an empty one makes no object, since removing
  /// entries assigns every table of every list it filters.
  @inline(__always)
  private mutating func setTable<Value>(
    _ table: ReferenceWritableKeyPath<EntryTables, [UInt32: Value]>,
    to newValue: [UInt32: Value]
  ) {
    guard tables != nil || !newValue.isEmpty else { return }
    uniqueTables()[keyPath: table] = newValue
  }

  /// The list's tables, made or copied so that this list alone holds them.
  private mutating func uniqueTables() -> EntryTables {
    if !isKnownUniquelyReferenced(&tables) {
      tables = tables.map(EntryTables.init(copying:)) ?? EntryTables()
    }
    return tables!
  }
}

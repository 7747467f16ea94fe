/// What `--prune` and `--prune-where` leave out of a walk: directories that
/// are neither listed nor entered.
///
/// A `--prune` glob without a slash matches a directory's name, anywhere
/// in the tree; with one, the directory's path below its operand
/// (`src/generated`, `**/build/cache`: `*` within a component, `**` across
/// them, as on `path` in `--where`). A `--prune-where` expression may read
/// any field, and metadata is read for directories only as it needs.
struct Prunes: Sendable {
  /// Globs on a directory's name.
  private(set) var names: [GlobPattern] = []
  /// Globs on a directory's path below its operand.
  private(set) var paths: [GlobPattern] = []
  /// `--prune-where` expressions.
  private(set) var queries: [QueryExpression] = []

  init() {}

  /// Whether nothing is pruned.
  var isEmpty: Bool {
    names.isEmpty && paths.isEmpty && queries.isEmpty
  }

  /// Whether only names decide: no row needs to be made to ask.
  var readsNamesOnly: Bool {
    paths.isEmpty && queries.isEmpty
  }

  /// Adds a `--prune` pattern: a path pattern when it holds a `/` (a
  /// leading `./` and trailing slashes aside), else a name pattern.
  ///
  /// - Throws: What is wrong with the glob.
  mutating func addPattern(_ text: [UInt8]) throws(GlobPattern.ParseError) {
    var pattern = text[...]
    while pattern.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) {
      pattern = pattern.dropFirst(2)
    }
    while pattern.count > 1 && pattern.last == UInt8(ascii: "/") { pattern = pattern.dropLast() }
    if pattern.contains(UInt8(ascii: "/")) {
      do {
        paths.append(try GlobPattern(parsing: Array(pattern), matchesSlashes: false))
      } catch {
        // Where it is in what was written, `./` and all.
        throw GlobPattern.ParseError(
          reason: error.reason, offset: error.offset + pattern.startIndex)
      }
    } else {
      names.append(try GlobPattern(parsing: text, matchesSlashes: true))
    }
  }

  /// Adds a `--prune-where` expression.
  mutating func addQuery(_ query: QueryExpression) {
    queries.append(query)
  }

  /// What must be read about directories to decide: a query's status
  /// needs, for directories (and entries whose kind only a status tells).
  var metadataNeeds: MetadataNeeds {
    var needs = MetadataNeeds.none
    for query in queries { needs.formUnion(query.metadataNeeds) }
    if !needs.statusKinds.isEmpty { needs.statusKinds = [.directories, .unknown] }
    return needs
  }

  /// Whether the directory `name` is pruned by a name pattern.
  func prunes(name: ArraySlice<UInt8>) -> Bool {
    names.contains { $0.matches(FieldText(name)) }
  }

  /// Whether the directory of `row` is pruned by any pattern or query.
  func prunes(_ row: FileRow, _ reader: FieldReader) -> Bool {
    if prunes(name: row.name) { return true }
    if !paths.isEmpty {
      let path = FieldText(head: row.location.relativePrefix, tail: row.name)
      if paths.contains(where: { $0.matches(path) }) { return true }
    }
    guard !queries.isEmpty else { return false }
    let fields = reader.fields(of: row)
    return queries.contains { $0.holds(for: fields) }
  }
}

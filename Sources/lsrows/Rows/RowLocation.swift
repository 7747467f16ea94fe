/// Where a row's entry is, shared by every row of one directory listing.
///
/// A value, not an object: a walk makes one per directory, often on the
/// helper thread while the walk's thread frees it, and an object per
/// directory would be one more trip through malloc's shared arena.
struct RowLocation: Sendable {
  /// What reaches the entry's directory from the working directory: `ARG/`,
  /// or nothing for an operand, whose name is its whole path.
  let pathPrefix: [UInt8]
  /// Where in ``pathPrefix`` what a row shows before the name starts: at 0
  /// when several operands are listed (`ARG/sub/`), after the operand when
  /// one is (`sub/`).
  let displayStart: Int
  /// How far below the operand the entries are: 0 for operands themselves.
  let depth: Int
  /// Where in ``pathPrefix`` what messages put before a name starts: ls
  /// names the entries of the operand `.` without `./`.
  let messageStart: Int
  /// Where in ``pathPrefix`` the path below the operand starts.
  let relativeStart: Int
  /// Where in ``pathPrefix`` the `path` field starts: after the `./` of
  /// the `.` listed when no PATH is given, as fd shows paths.
  let fieldPathStart: Int

  init(
    pathPrefix: [UInt8], displayStart: Int, depth: Int, messageStart: Int = 0,
    relativeStart: Int = 0, fieldPathStart: Int = 0
  ) {
    self.pathPrefix = pathPrefix
    self.displayStart = min(displayStart, pathPrefix.count)
    self.depth = depth
    self.messageStart = min(messageStart, pathPrefix.count)
    self.relativeStart = min(relativeStart, pathPrefix.count)
    self.fieldPathStart = min(fieldPathStart, pathPrefix.count)
  }

  /// What the `path` field shows before an entry's name.
  var fieldPathPrefix: ArraySlice<UInt8> {
    pathPrefix[fieldPathStart...]
  }

  /// The path below the operand to the entries' directory, `/`-terminated
  /// (empty for the operand's own entries).
  var relativePrefix: ArraySlice<UInt8> {
    pathPrefix[relativeStart...]
  }

  /// What messages put before an entry's name.
  var messagePrefix: ArraySlice<UInt8> {
    pathPrefix[messageStart...]
  }

  /// What a row shows before the entry's name.
  var displayPrefix: ArraySlice<UInt8> {
    pathPrefix[displayStart...]
  }

  /// Calls `body` with the bytes of ``displayPrefix``, without a slice of
  /// the prefix (which costs a retain and a release, for every row).
  func withDisplayPrefix<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    pathPrefix.withUnsafeBufferPointer { prefix in
      body(UnsafeBufferPointer(rebasing: prefix[displayStart...]))
    }
  }

  /// The location of operands: each row is its operand, as given.
  static let operands = RowLocation(pathPrefix: [], displayStart: 0, depth: 0)

  /// Whether these are operands, named by their whole path: a walk's
  /// entries are one level below the operand at least.
  var isOperands: Bool {
    depth == 0
  }
}

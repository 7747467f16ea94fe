/// The paths of one walk: the operand, and where rows below it are.
struct WalkPaths: Sendable {
  /// The operand, as given.
  let operand: [UInt8]
  /// The operand as a prefix of paths (`ARG/`).
  let operandPrefix: [UInt8]
  /// Whether rows show the operand before their relative path (several
  /// operands are listed).
  let showsPath: Bool
  /// Whether the operand is `.`, whose entries messages name without `./`.
  private let operandIsDot: Bool

  /// Opening a directory by a path longer than this costs the kernel more
  /// than opening it from its parent; and `PATH_MAX` is 4096.
  static let longestOpenedPath = 2048

  /// Whether the operand is the `.` listed when no PATH is given, which
  /// the `path` field leaves out (`src/a.c`, as fd shows it).
  private let operandIsImplicit: Bool

  init(operand: [UInt8], showsPath: Bool, isImplicit: Bool = false) {
    self.operand = operand
    var prefix = operand
    if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
    operandPrefix = prefix
    self.showsPath = showsPath
    operandIsDot = operand == [UInt8(ascii: ".")]
    operandIsImplicit = isImplicit
  }

  /// Where the rows of the directory at `relative` (its path below the
  /// operand, `/`-terminated, empty for the operand) are.
  func location(relative: [UInt8], depth: Int) -> RowLocation {
    location(pathPrefix: pathPrefix(relative: relative), depth: depth)
  }

  /// The path from the working directory of what is at `relative` below
  /// the operand: the operand's prefix, then `relative`.
  func pathPrefix(relative: [UInt8]) -> [UInt8] {
    var pathPrefix: [UInt8] = []
    pathPrefix.reserveCapacity(operandPrefix.count + relative.count)
    // Appended from their buffers: appending the arrays themselves
    // retained and released both, for every directory.
    operandPrefix.withUnsafeBufferPointer { pathPrefix.append(contentsOf: $0) }
    relative.withUnsafeBufferPointer { pathPrefix.append(contentsOf: $0) }
    return pathPrefix
  }

  /// Where the rows of the directory at `pathPrefix` (the operand's prefix
  /// and the path below it, `/`-terminated) are.
  func location(pathPrefix: [UInt8], depth: Int) -> RowLocation {
    RowLocation(
      pathPrefix: pathPrefix, displayStart: showsPath ? 0 : operandPrefix.count,
      depth: depth,
      messageStart: operandIsDot && pathPrefix.count == operandPrefix.count ? 2 : 0,
      relativeStart: operandPrefix.count,
      fieldPathStart: operandIsImplicit ? operandPrefix.count : 0)
  }

  /// The same paths in storage of their own, for a walk that may run on
  /// another thread: every directory's location retains the operand's
  /// prefix, and one array retained from two threads has its count's
  /// cache line passed between their processors at each retain and
  /// release.
  func unshared() -> WalkPaths {
    WalkPaths(
      operand: operand.withUnsafeBufferPointer { Array($0) }, showsPath: showsPath,
      isImplicit: operandIsImplicit)
  }

  /// Whether a directory whose path from the working directory is
  /// `length` bytes long may be opened by that path.
  func isShortEnough(_ length: Int) -> Bool {
    length < Self.longestOpenedPath
  }
}

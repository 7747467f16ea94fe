/// Where a row's entry is, shared by every row of one directory listing.
final class RowLocation: Sendable {
  /// What a row shows before the entry's name: nothing for the only operand,
  /// `ARG/` when there are several.
  let displayPrefix: [UInt8]
  /// What reaches the entry's directory from the working directory: `ARG/`,
  /// or nothing for an operand, whose name is its whole path.
  let pathPrefix: [UInt8]
  /// How far below the operand the entries are: 0 for operands themselves.
  let depth: Int

  init(displayPrefix: [UInt8], pathPrefix: [UInt8], depth: Int) {
    self.displayPrefix = displayPrefix
    self.pathPrefix = pathPrefix
    self.depth = depth
  }

  /// The location of operands: each row is its operand, as given.
  static let operands = RowLocation(displayPrefix: [], pathPrefix: [], depth: 0)

  /// Whether these are operands, named by their whole path.
  var isOperands: Bool {
    self === RowLocation.operands
  }
}

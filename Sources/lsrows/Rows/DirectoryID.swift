/// Which directory of which walk a listing's rows come from.
struct DirectoryID: Hashable, Sendable {
  /// The directory operand being walked: 1 for the first; 0 for operands.
  var walk: Int
  /// The directory within that walk, in the order they were entered.
  var directory: Int

  /// The rows of the operands themselves.
  static let operands = DirectoryID(walk: 0, directory: 0)
}

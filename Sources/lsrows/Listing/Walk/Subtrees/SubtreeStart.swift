import Synchronization

/// What a subtree's own walk needs to know of the walk that claimed it.
struct SubtreeStart: Sendable {
  /// Its path from the working directory, NUL-terminated, to open it by.
  let openPath: [UInt8]
  /// The path from the operand to it, `/`-terminated.
  let relative: [UInt8]
  /// The depth of its entries.
  let depth: Int
  /// The directories on the path to it: entering one again is a loop.
  let ancestors: [DirectoryIdentity]
  /// The operand's device, for `--one-file-system`.
  let rootDevice: UInt64
  /// `--gitignore`: the rules of its parent.
  let parentScope: GitIgnoreScope?
  /// The first number its directories take: each subtree's own, so that
  /// no two directories one output measures columns for share one.
  let firstDirectoryNumber: Int

  /// A number for a new subtree's first directory, apart from every
  /// other subtree's: a renderer measures the columns of each directory
  /// once, by its number, and lists the parts of several subtrees.
  static func firstDirectoryNumber() -> Int {
    (claimed.add(1, ordering: .relaxed).newValue) << 40
  }

  private static let claimed = Atomic(0)

  /// Its path from the working directory, without the NUL: as messages
  /// name it, and as its walk opens it again.
  var path: ArraySlice<UInt8> {
    openPath.dropLast()
  }

  /// Its name, the last component of its relative path.
  var name: ArraySlice<UInt8> {
    let end = relative.count - 1
    let start = relative[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
    return relative[start..<end]
  }
}

/// What the rows are ordered by; ties are broken by name, as in ls.
enum SortKey: Sendable, Equatable {
  /// Byte-wise by name (the default).
  case name
  /// The order the directory gives (`-U`).
  case none
  /// Largest first (`-S`).
  case size
  /// Newest first, by the time `--time` selects (`-t`).
  case time
  /// By the part of the name from its last dot (`-X`).
  case `extension`
  /// Natural order of numbers within names (`-v`), as GNU filevercmp.
  case version
  /// By the width of the name as it is shown (`--sort=width`).
  case width
  /// `--sort-by`: any fields, each ascending or descending.
  case fields([SortField])
}

/// One key of `--sort-by`.
struct SortField: Sendable, Equatable {
  let field: Field
  /// `-field`: largest, latest or last first.
  let descending: Bool
}

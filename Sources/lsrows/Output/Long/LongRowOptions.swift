/// What a long row shows, as `-l` and its companion options ask.
struct LongRowOptions: Sendable {
  /// `-i`: the inode number first.
  var showsInode = false
  /// `-n`: numbers for users and groups.
  var numericIDs = false
  /// `-h`: sizes as `1.1K`.
  var humanReadableSizes = false
  /// `--time`: which time the column shows.
  var timeField = TimeField.modification
  /// `-F`: indicators after names and after symlink targets.
  var classifies = false
}

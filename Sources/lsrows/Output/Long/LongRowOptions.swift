/// The columns a row shows besides its name: those of `-l`, and the
/// inode, blocks and context that `-i`, `-s` and `-Z` put first.
struct LongRowOptions: Sendable {
  /// `-i`: the inode number first.
  var showsInode = false
  /// `-s`: the allocated size, in ``blockScale``.
  var showsBlocks = false
  /// `-Z`: the security context.
  var showsContext = false
  /// `-n`: numbers for users and groups.
  var numericIDs = false
  /// `-g` leaves the owner out.
  var showsOwner = true
  /// `-o` and `-G` leave the group out.
  var showsGroup = true
  /// `--author`: the author (the owner, on Linux) after the group.
  var showsAuthor = false
  /// How `-l` writes sizes (`-h`, `--si`, `--block-size`).
  var sizeScale = BlockSize.bytes
  /// How `-s` writes blocks (`-k` and the block size variables too).
  var blockScale = BlockSize(unit: 1024)
  /// `--time`: which time the column shows.
  var timeField = TimeField.modification
  /// `--time-style`.
  var timeStyle = TimeStyle.longISO
}

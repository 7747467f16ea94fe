import RowCore

/// Everything the command line asked for.
struct Options: Sendable {
  var hidden = HiddenEntries.none
  /// `-d`: list directory operands themselves, not their contents.
  var listsDirectoriesThemselves = false
  var sortKey = SortKey.name
  var reversesOrder = false
  var groupsDirectoriesFirst = false
  var format = RowFormat.names
  var numericIDs = false
  var humanReadableSizes = false
  var showsInode = false
  var timeField = TimeField.modification
  var classify = When.never
  /// `--type`: the kinds to keep; `nil` keeps every kind.
  var kinds: Set<FileKind>?
  /// `--files0-from`: where to read NUL-terminated operands (`-` is standard input).
  var operandsFile: [UInt8]?
  /// `-R`: list the entries below directories too.
  var recursive = false
  /// `--max-depth`: how deep `-R` lists; 1 is a directory's own entries.
  var maxDepth: Int?
  /// `-L`: follow symbolic links, for their metadata and into directories.
  var followsSymlinks = false
  /// `--quoting-style` and its short forms; `nil` leaves it to
  /// `QUOTING_STYLE` and whether the output is a terminal.
  var quotingStyle: QuotingStyle?
  /// `-q` (true) or `--show-control-chars` (false); `nil` leaves it to
  /// whether the output is a terminal.
  var hidesControlCharacters: Bool?
  /// `--color`.
  var color = When.never
  var terminator = RowTerminator.newline
  /// The paths to list; empty means the working directory.
  var operands: [[UInt8]] = []
  /// `--where`: every expression must hold for a row to be listed.
  var filters: [QueryExpression] = []
  /// `--min-depth`: rows shallower than this are not listed (0 is an operand).
  var minDepth = 0
  /// `--one-file-system`: directories on another file system are listed,
  /// not entered.
  var staysOnFileSystem = false
  /// `--prune`: directories whose name matches are neither listed nor entered.
  var prunes: [GlobPattern] = []

  /// How deep entries are listed below a directory operand.
  var listingDepth: Int {
    recursive ? (maxDepth ?? .max) : 1
  }
}

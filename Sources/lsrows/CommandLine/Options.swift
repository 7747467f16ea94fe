import RowCore

/// Everything the command line asked for, before the environment and the
/// output decide the rest (see ``Configuration``).
struct Options: Sendable {
  // MARK: Which entries
  var hidden = HiddenEntries.none
  /// `-d`: list directory operands themselves, not their contents.
  var listsDirectoriesThemselves = false
  /// `-I`, `--ignore` and `-B`: names never listed.
  var ignorePatterns: [[UInt8]] = []
  /// `--hide`: names not listed unless `-a` or `-A`.
  var hidePatterns: [[UInt8]] = []
  /// `--type`: the kinds to keep; `nil` keeps every kind.
  var kinds: Set<FileKind>?
  /// `--files0-from`: where to read NUL-terminated operands (`-` is standard input).
  var operandsFile: [UInt8]?
  /// `-R`: list the entries below directories too.
  var recursive = false
  /// `--max-depth`: how deep `-R` lists; 1 is a directory's own entries.
  var maxDepth: Int?
  /// `--min-depth`: rows shallower than this are not listed (0 is an operand).
  var minDepth = 0
  /// `--one-file-system`: directories on another file system are listed,
  /// not entered.
  var staysOnFileSystem = false
  /// `--gitignore`: leave out what git ignores.
  var appliesGitIgnore = false
  /// `--prune` and `--prune-where`: directories neither listed nor entered.
  var prunes = Prunes()
  /// `--fields`: the fields of `--json` and `--csv`, in order.
  var recordFields: [Field]?
  /// `--where`: every expression must hold for a row to be listed.
  var filters: [QueryExpression] = []
  /// `-H`, `-L`, `--dereference-command-line-symlink-to-dir`; `nil` leaves
  /// it to `-d`, `-l` and `-F`, as ls does.
  var dereference: Dereference?

  // MARK: Order
  /// The sort asked for; `nil` is by name, or by time for `-c`, `-u` and
  /// `--time` without `-l`, as ls decides.
  var sortKey: SortKey?
  var reversesOrder = false
  var groupsDirectoriesFirst = false
  /// `--limit`: at most this many rows, in all.
  var limit: Int?
  /// `--sort-memory`: the bytes a whole-tree order holds before it writes
  /// sorted runs to temporary files.
  var sortMemory: Int?

  // MARK: What each row shows
  var format = RowFormat.names
  var numericIDs = false
  var showsInode = false
  /// `-s`: the allocated size first.
  var showsBlocks = false
  /// `-Z`: the security context.
  var showsContext = false
  /// `-g` hides the owner, `-o` and `-G` the group; `--author` adds one.
  var showsOwner = true
  var showsGroup = true
  var showsAuthor = false
  /// `-c`, `-u`, `--time`.
  var timeField = TimeField.modification
  /// `--time-style` (`--full-time` is `full-iso`); `nil` leaves it to
  /// `TIME_STYLE`, then long-iso.
  var timeStyle: [UInt8]?
  /// `--block-size`, `-h`, `--si`: how sizes and blocks are scaled; `nil`
  /// leaves it to `LS_BLOCK_SIZE` and `BLOCK_SIZE`.
  var blockSize: BlockSize?
  /// `-k`: blocks of 1024 bytes unless a block size was given.
  var kibibytes = false
  var indicatorStyle = IndicatorStyle.none
  /// `--hyperlink`.
  var hyperlink = When.never
  /// `--quoting-style` and its short forms; `nil` leaves it to
  /// `QUOTING_STYLE` and whether the output is a terminal.
  var quotingStyle: QuotingStyle?
  /// `-q` (true) or `--show-control-chars` (false); `nil` leaves it to
  /// whether the output is a terminal.
  var hidesControlCharacters: Bool?
  /// `-w`: the line length that decides where colored names wrap (0: none),
  /// over `COLUMNS` and the terminal's.
  var lineLength: Int?
  /// `--color`.
  var color = When.never
  var terminator = RowTerminator.newline
  /// The paths to list; empty means the working directory.
  var operands: [[UInt8]] = []

  /// Whether `--sort-by` orders each operand's whole tree as one listing
  /// (with `-R`), rather than each directory on its own.
  var sortsWholeTree: Bool {
    guard listingDepth > 1, !listsDirectoriesThemselves, case .fields = sortKey else {
      return false
    }
    return true
  }

  /// How deep entries are listed below a directory operand.
  var listingDepth: Int {
    recursive ? (maxDepth ?? .max) : 1
  }
}

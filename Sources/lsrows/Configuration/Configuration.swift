/// Everything decided before listing starts.
///
/// What is listed, how it is ordered, how rows are presented: made once,
/// from the options, the environment and standard output; every stage
/// reads it and none decides again.
struct Configuration: Sendable {
  /// Where the operands come from.
  enum Operands: Sendable, Equatable {
    /// No path was given: the working directory's contents, read without
    /// looking at it first, as ls does.
    case workingDirectory
    /// Paths from the command line.
    case paths([[UInt8]])
    /// `--files0-from`: a file of NUL-terminated paths (`-` is standard input).
    case file([UInt8])
  }

  var operands: Operands
  /// Decides whether an operand is listed as itself or by its contents.
  var resolver: OperandResolver
  /// How directory operands are walked.
  var walk: WalkConfiguration
  /// Reads what the order and the presentation need about entries.
  var metadata: MetadataReader
  var order: EntryOrder
  /// With `-R` and `--sort-by`: the one order of each operand's tree,
  /// whose directories are then read in no order of their own.
  var treeOrder: TreeOrder?
  /// `--limit`: at most this many rows, in all.
  var limit: Int?
  /// How many bytes of rows a whole-tree order holds before it writes
  /// sorted runs to temporary files (``ExternalSort``).
  var sortMemory: Int
  /// With a `tree_` field: what the listing shows of a walk that reads
  /// everything below each operand, as du does.
  var totals: RowVisibility?
  /// `--one-file-system`: mount points count in no total above them.
  var staysOnFileSystem: Bool
  /// `--gitignore`: the user's git settings, read once; `nil` without it.
  var gitIgnore: GitUserSettings?
  /// Whether rows are written as they are read: no sort, and no column
  /// whose width depends on the other rows.
  var streamsRows: Bool
  /// How many rows a walk hands on at a time (a streamed directory's
  /// batch, a hand-off between threads), and how many operands of a
  /// `--files0-from` list are read before their rows are written.
  var rowsPerChunk: Int
  var presentation: Presentation
}

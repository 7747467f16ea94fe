import RowCore

/// How rows are presented: decided once from the options, the environment
/// and whether the output is a terminal, then read by the output stage.
struct Presentation: Sendable {
  /// What each row shows.
  var format: RowFormat
  /// How names look: quoting, `?` for control characters, colors.
  var names: NameStyle
  /// `-F`, with `--classify=auto` decided.
  var classifies: Bool
  /// `-i`.
  var showsInode: Bool
  /// `-n`.
  var numericIDs: Bool
  /// `-h`.
  var humanReadableSizes: Bool
  /// `--time`.
  var timeField: TimeField
  /// The byte after each row.
  var terminator: RowTerminator
  /// Which rows are written.
  var filter: RowFilter

  /// What a long row shows.
  var longRow: LongRowOptions {
    LongRowOptions(
      showsInode: showsInode, numericIDs: numericIDs, humanReadableSizes: humanReadableSizes,
      timeField: timeField, classifies: classifies)
  }

  /// Whether rows depend on the other rows of their directory (column
  /// widths), so none can be written before the directory is read.
  var measuresColumns: Bool {
    switch format {
    case .long: true
    case .names: showsInode
    case .template, .json, .csv: false
    }
  }

  /// The cells of the chosen format, looking names up in `accounts`.
  func makeCellFormat(accounts: AccountNames) -> any CellFormat {
    let reader = FieldReader(accounts: accounts)
    switch format {
    case .names:
      return NameCells(painter: NamePainter(names), showsInode: showsInode, classifies: classifies)
    case .long:
      return LongCells(
        long: LongFormat(longRow, accounts: accounts), painter: NamePainter(names))
    case .template(let template):
      return TemplateCells(
        TemplateEncoder(
          template: template, reader: reader,
          hidesControlCharacters: names.hidesControlCharacters))
    case .json:
      return JSONCells(JSONRecordEncoder(reader: reader))
    case .csv:
      return CSVCells(
        CSVRecordEncoder(reader: reader, hidesControlCharacters: names.hidesControlCharacters))
    }
  }

  /// What must be read about entries to present them.
  var metadataNeeds: MetadataNeeds {
    var needs = filter.metadataNeeds
    if showsInode {
      // As ls 9.1: a directory entry's inode is wrong for mount points and
      // on some file systems (overlayfs), so -i reads each file's own.
      needs.statusKinds.insert(.every)
    }
    if classifies {
      needs.statusKinds.formUnion([.unknown, .regularFiles])
    }
    if let palette = names.palette {
      needs.formUnion(palette.metadataNeeds(showsTargets: format.isLong))
    }
    switch format {
    case .names:
      break
    case .long:
      needs.statusKinds.insert(.every)
      needs.symlinkTargets = true
      needs.accessControlLists = true
      // The indicator after a symlink's target is the target's. (Its color
      // is too, but ls looks only when orphans or missing targets have a
      // color of their own; otherwise it leaves targets plain.)
      needs.targetModes = needs.targetModes || classifies
    case .template(let template):
      needs.formUnion(template.fields.reduce(.none) { $0.union($1.metadataNeeds) })
    case .json, .csv:
      needs.formUnion(Field.recorded.reduce(.none) { $0.union($1.metadataNeeds) })
    }
    return needs
  }
}

import RowCore

/// How rows are presented: decided once from the options, the environment
/// and whether the output is a terminal, then read by the output stage.
struct Presentation: Sendable {
  /// What each row shows.
  var format: RowFormat
  /// How names look: quoting, `?` for control characters, colors.
  var names: NameStyle
  /// `-F`, `-p`, `--file-type`, with `--classify=auto` decided.
  var indicators = IndicatorStyle.none
  /// The columns before names (and the rest of `-l`'s).
  var columns = LongRowOptions()
  /// Whether the columns before names line up over a directory's rows;
  /// ls writes each row at its own width when it writes rows as it reads
  /// them (`-U`, without `-s` or `-R`).
  var alignsNameColumns = true
  /// `--hyperlink`, decided: the host name links carry, or `nil`.
  var hyperlinkHost: [UInt8]?
  /// The byte after each row.
  var terminator = RowTerminator.newline
  /// Which rows are written.
  var filter = RowFilter.all
  /// The fields JSON objects and CSV records carry, in order: `--fields`,
  /// or every recorded one.
  var recordFields = Field.recorded

  /// Whether rows depend on the other rows of their directory (column
  /// widths), so none can be written before the directory is read.
  var measuresColumns: Bool {
    switch format {
    case .long: true
    case .names:
      alignsNameColumns
        && (columns.showsInode || columns.showsBlocks || columns.showsContext)
    case .template, .json, .csv: false
    }
  }

  /// The cells of the chosen format, looking names up in `accounts`.
  func makeCellFormat(accounts: AccountNames) -> any CellFormat {
    let reader = FieldReader(accounts: accounts)
    let painter = NamePainter(names, hyperlinks: hyperlinkHost.map(Hyperlinks.init(host:)))
    switch format {
    case .names:
      return NameCells(painter: painter, columns: columns, indicators: indicators)
    case .long:
      return LongCells(
        long: LongFormat(columns, indicators: indicators, accounts: accounts), painter: painter)
    case .template(let template):
      return TemplateCells(
        TemplateEncoder(
          template: template, reader: reader,
          hidesControlCharacters: names.hidesControlCharacters))
    case .json:
      return JSONCells(JSONRecordEncoder(reader: reader, fields: recordFields))
    case .csv:
      return CSVCells(
        CSVRecordEncoder(
          reader: reader, hidesControlCharacters: names.hidesControlCharacters,
          fields: recordFields))
    }
  }

  /// What must be read about entries to present them.
  var metadataNeeds: MetadataNeeds {
    var needs = filter.metadataNeeds
    if columns.showsInode {
      // As ls 9.1: a directory entry's inode is wrong for mount points and
      // on some file systems (overlayfs), so -i reads each file's own.
      needs.formUnion(.statuses(.inode))
    }
    if columns.showsBlocks {
      needs.formUnion(.statuses(.blocks))
    }
    if hyperlinkHost != nil {
      // As ls, which reads every status for links; they show no field.
      needs.statusKinds.insert(.every)
    }
    if columns.showsContext {
      needs.statusKinds.insert(.every)
      needs.securityContexts = true
    }
    if indicators != .none {
      needs.statusKinds.insert(.unknown)
    }
    if indicators == .classify {
      needs.statusKinds.insert(.regularFiles)
    }
    if let palette = names.palette {
      needs.formUnion(palette.metadataNeeds(showsTargets: format.isLong))
    }
    switch format {
    case .names:
      break
    case .long:
      needs.formUnion(.statuses([.linkCount, .owner, .size, columns.timeField.statusField]))
      needs.symlinkTargets = true
      needs.accessControlLists = true
      // A security context alone also marks the mode string, with `.`.
      needs.securityContexts = true
      // The indicator after a symlink's target is the target's. (Its color
      // is too, but ls looks only when orphans or missing targets have a
      // color of their own; otherwise it leaves targets plain.)
      needs.targetModes = needs.targetModes || indicators >= .fileType
    case .template(let template):
      needs.formUnion(template.fields.reduce(.none) { $0.union($1.metadataNeeds) })
    case .json, .csv:
      needs.formUnion(recordFields.reduce(.none) { $0.union($1.metadataNeeds) })
    }
    return needs
  }
}

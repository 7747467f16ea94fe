import RowCore

/// Builds the closure that turns a ``FileRow`` into its cell text.
enum CellFormat {
  /// The configure closure for the options' output mode.
  static func configure(for options: Options) -> (inout Cell, FileRow) -> Void {
    { cell, row in
      row.appendDisplayText(to: &cell.text)
    }
  }
}

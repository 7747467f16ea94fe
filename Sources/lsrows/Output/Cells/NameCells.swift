import RowCore

/// Rows that show names (the default): the inode first with `-i`, the
/// name quoted and colored as the terminal wants, the `-F` indicator last.
final class NameCells: CellFormat {
  private let painter: NamePainter
  private let showsInode: Bool
  private let classifies: Bool

  init(painter: NamePainter, showsInode: Bool, classifies: Bool) {
    self.painter = painter
    self.showsInode = showsInode
    self.classifies = classifies
  }

  func configure(measuring measured: MeasuredRows) -> (inout Cell, FileRow) -> Void {
    let painter = self.painter
    let classifies = self.classifies
    var inodeWidth: Int?
    if showsInode {
      var width = 0
      for row in measured {
        if let status = row.status { width = max(width, decimalWidth(status.inode)) }
      }
      inodeWidth = width
    }
    if painter.style.isPlain && inodeWidth == nil && !classifies {
      // The hot path: bytes as they are.
      return { cell, row in row.appendDisplayText(to: &cell.text) }
    }
    return { cell, row in
      painter.beginRow(to: &cell.text)
      if let inodeWidth {
        if let status = row.status {
          appendDecimal(status.inode, rightAlignedTo: inodeWidth, to: &cell.text)
        } else {
          appendRightAligned([UInt8(ascii: "?")], width: inodeWidth, to: &cell.text)
        }
        cell.append(byte: UInt8(ascii: " "))
      }
      painter.appendName(of: row, to: &cell.text)
      if classifies, let indicator = classifyIndicator(mode: row.status?.mode, kind: row.kind) {
        cell.append(byte: indicator)
      }
    }
  }

  func trailer() -> [UInt8] {
    painter.trailer()
  }
}

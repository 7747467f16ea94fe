/// The UTF-8 bytes of `text`, for writing byte strings in tests.
func bytes(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// Rows joined the way lsrows writes them: each followed by `terminator`.
func rowBytes(_ rows: [[UInt8]], terminator: UInt8 = 0x0A) -> [UInt8] {
  rows.flatMap { $0 + [terminator] }
}

/// Rows joined the way lsrows writes them: each followed by a newline.
func rowBytes(_ rows: [String]) -> [UInt8] {
  rowBytes(rows.map(bytes))
}

/// Splits output into rows at `terminator`, which must end the output.
func splitRows(_ output: [UInt8], terminator: UInt8 = 0x0A) -> [[UInt8]] {
  var rows = output.split(separator: terminator, omittingEmptySubsequences: false).map(Array.init)
  if rows.last == [] { rows.removeLast() }
  return rows
}

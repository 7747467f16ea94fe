/// The `-F` indicator ls appends to a name: `/` directory, `*` executable
/// regular file, `@` symbolic link, `|` fifo, `=` socket; nothing otherwise.
///
/// - Parameters:
///   - mode: The file's mode when its status was read, else `nil`.
///   - kind: The kind the directory entry gave, used when there is no mode.
/// - Returns: The indicator byte, or `nil` when the file gets none.
func classifyIndicator(mode: FileMode?, kind: FileKind) -> UInt8? {
  switch mode?.kind ?? kind {
  case .regularFile: mode?.isExecutable == true ? UInt8(ascii: "*") : nil
  case .directory: UInt8(ascii: "/")
  case .symbolicLink: UInt8(ascii: "@")
  case .fifo: UInt8(ascii: "|")
  case .socket: UInt8(ascii: "=")
  case .blockDevice, .characterDevice, .unknown: nil
  }
}

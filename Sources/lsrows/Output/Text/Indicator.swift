/// The `-F` indicator ls appends to a name: `/` directory, `*` executable
/// regular file, `@` symbolic link, `|` fifo, `=` socket; nothing otherwise.
///
/// - Parameters:
///   - mode: The file's mode when its status was read, else `nil`.
///   - kind: The kind the directory entry gave, used when there is no mode.
/// - Returns: The indicator byte, or `nil` when the file gets none.
func classifyIndicator(mode: UInt32?, kind: FileKind) -> UInt8? {
  let effectiveKind = mode.map { FileKind(mode: $0) } ?? kind
  switch effectiveKind {
  case .regularFile:
    if let mode, mode & 0o111 != 0 { return UInt8(ascii: "*") }
    return nil
  case .directory: return UInt8(ascii: "/")
  case .symbolicLink: return UInt8(ascii: "@")
  case .fifo: return UInt8(ascii: "|")
  case .socket: return UInt8(ascii: "=")
  case .blockDevice, .characterDevice, .unknown: return nil
  }
}

/// What kind of file an entry is.
enum FileKind: UInt8, CaseIterable, Sendable {
  /// The directory entry did not say, and nothing needed a `stat` to find out.
  case unknown
  case regularFile
  case directory
  case symbolicLink
  case fifo
  case socket
  case blockDevice
  case characterDevice
}

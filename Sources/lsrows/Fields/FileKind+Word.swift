extension FileKind {
  /// The word a row shows for the kind (`{type}`, JSON and CSV), as
  /// `--type` spells the kinds.
  var word: String {
    switch self {
    case .regularFile: "file"
    case .directory: "dir"
    case .symbolicLink: "symlink"
    case .fifo: "fifo"
    case .socket: "socket"
    case .blockDevice: "block"
    case .characterDevice: "char"
    case .unknown: "unknown"
    }
  }
}

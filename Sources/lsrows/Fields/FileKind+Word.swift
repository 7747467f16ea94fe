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

  /// The words and letters `--type` takes (fd's letters), which `--where`
  /// takes for a kind too, each with the kind it names.
  static let typeWords: [(words: [String], kind: FileKind)] = [
    (["f", "file"], .regularFile),
    (["d", "dir", "directory"], .directory),
    (["l", "symlink"], .symbolicLink),
    (["p", "pipe", "fifo"], .fifo),
    (["s", "socket"], .socket),
    (["b", "block-device"], .blockDevice),
    (["c", "char-device"], .characterDevice),
  ]
}

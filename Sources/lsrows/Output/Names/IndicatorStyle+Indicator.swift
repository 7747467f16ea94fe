extension IndicatorStyle {
  /// The byte ls appends to a name in this style: `/` directory, then for
  /// `--file-type` and `-F` `@` symbolic link, `|` fifo, `=` socket, and
  /// for `-F` alone `*` after an executable regular file.
  ///
  /// - Parameters:
  ///   - mode: The file's mode when its status was read, else `nil`.
  ///   - kind: The kind the directory entry gave, used when there is no mode.
  /// - Returns: The indicator byte, or `nil` when the file gets none.
  func indicator(mode: FileMode?, kind: FileKind) -> UInt8? {
    switch mode?.kind ?? kind {
    case .regularFile:
      return self == .classify && mode?.isExecutable == true ? UInt8(ascii: "*") : nil
    case .directory:
      return self == .none ? nil : UInt8(ascii: "/")
    case .symbolicLink:
      return self >= .fileType ? UInt8(ascii: "@") : nil
    case .fifo:
      return self >= .fileType ? UInt8(ascii: "|") : nil
    case .socket:
      return self >= .fileType ? UInt8(ascii: "=") : nil
    case .blockDevice, .characterDevice, .unknown:
      return nil
    }
  }

  /// The indicator bytes a name must escape so that it cannot be read as
  /// one, as ls adds them to the quoting of names.
  var escapedBytes: [UInt8] {
    switch self {
    case .none, .slash: []
    case .fileType: Array("*=>@|".utf8)
    case .classify: Array("=>@|".utf8)
    }
  }
}

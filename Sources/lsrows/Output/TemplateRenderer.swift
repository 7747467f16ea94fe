/// Renders a ``Template`` for one row.
enum TemplateRenderer {
  /// Appends the template's text for `row`.
  ///
  /// - Parameters:
  ///   - template: The parsed template.
  ///   - row: The file.
  ///   - accounts: User and group names.
  ///   - hidesControlCharacters: Show unprintable bytes of names, paths,
  ///     targets, users and groups as `?` (on a terminal).
  ///   - output: Where the text goes.
  static func append(
    _ template: Template, _ row: FileRow, accounts: AccountNames,
    hidesControlCharacters: Bool = false,
    to output: inout [UInt8]
  ) {
    for segment in template.segments {
      switch segment {
      case .literal(let bytes): output.append(contentsOf: bytes)
      case .field(let field):
        let start = output.count
        append(field, row, accounts, &output)
        if hidesControlCharacters { NameStyle.hideControlCharacters(in: &output, from: start) }
      }
    }
  }

  private static func append(
    _ field: TemplateField, _ row: FileRow, _ accounts: AccountNames, _ output: inout [UInt8]
  ) {
    let status = row.status
    // Fields read from a status the file no longer has show "?", as ls does.
    func withStatus(_ body: (FileStatus) -> Void) {
      if let status { body(status) } else { output.append(UInt8(ascii: "?")) }
    }
    switch field {
    case .name: output.append(contentsOf: row.baseName)
    case .path: output.append(contentsOf: row.path)
    case .type: output.append(contentsOf: Array(typeWord(status?.kind ?? row.kind).utf8))
    case .size: withStatus { appendDecimal($0.size, to: &output) }
    case .mode: withStatus { appendModeString($0.mode, to: &output) }
    case .perms: withStatus { appendOctalPermissions($0.mode, to: &output) }
    case .links: withStatus { appendDecimal($0.linkCount, to: &output) }
    case .uid: withStatus { appendDecimal(UInt64($0.userID), to: &output) }
    case .gid: withStatus { appendDecimal(UInt64($0.groupID), to: &output) }
    case .user:
      withStatus {
        output.append(contentsOf: accounts.userName($0.userID) ?? decimalBytes(UInt64($0.userID)))
      }
    case .group:
      withStatus {
        output.append(
          contentsOf: accounts.groupName($0.groupID) ?? decimalBytes(UInt64($0.groupID)))
      }
    case .mtime: withStatus { TimestampFormat.appendRFC3339($0.modificationTime, to: &output) }
    case .atime: withStatus { TimestampFormat.appendRFC3339($0.accessTime, to: &output) }
    case .ctime: withStatus { TimestampFormat.appendRFC3339($0.changeTime, to: &output) }
    case .mtimeEpoch: withStatus { appendDecimal($0.modificationTime.seconds, to: &output) }
    case .inode: withStatus { appendDecimal($0.inode, to: &output) }
    case .target: output.append(contentsOf: row.symlinkTarget ?? [])
    case .extension: output.append(contentsOf: row.fileExtension)
    case .depth: appendDecimal(UInt64(row.depth), to: &output)
    }
  }

  /// The word `{type}` shows for a kind, as `--type` spells the kinds.
  static func typeWord(_ kind: FileKind) -> String {
    switch kind {
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

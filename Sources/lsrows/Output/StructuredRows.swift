/// Rows as data: JSON Lines objects and RFC 4180 CSV records, with the same
/// fields in the same order.
///
/// Names are bytes and JSON and CSV are text, so a name, path or target
/// that is not valid UTF-8 is written with U+FFFD for each bad byte, and
/// the exact bytes follow in Base64 (`name_base64`, ...).
enum StructuredRows {
  /// The fields, in the order both formats use; each text field is
  /// followed by its Base64 twin.
  private enum Key: Int {
    case name, nameBase64, path, pathBase64, type, size, mode, perms, links, uid, gid, user, group
    case mtime, atime, ctime, inode, target, targetBase64, depth

    /// Each key's name, by raw value.
    static let words = [
      "name", "name_base64", "path", "path_base64", "type", "size", "mode", "perms", "links",
      "uid", "gid", "user", "group", "mtime", "atime", "ctime", "inode", "target",
      "target_base64", "depth",
    ]

    /// Each key with its JSON punctuation (`,"path":`), made once, by raw
    /// value: rows look keys up by index, not by hashing a string.
    static let jsonBytes = words.map { Array(",\"\($0)\":".utf8) }
  }

  /// The CSV header: every field, Base64 columns included.
  static let csvHeader = Key.words.joined(separator: ",")

  // MARK: JSON

  /// Appends one JSON object for `row`.
  static func appendJSON(_ row: FileRow, accounts: AccountNames, to output: inout [UInt8]) {
    let status = row.status
    output.append(UInt8(ascii: "{"))
    appendJSONText(.name, .nameBase64, row.baseName, to: &output, first: true)
    appendJSONText(.path, .pathBase64, row.path, to: &output)
    appendKey(.type, to: &output)
    appendJSONString(TemplateRenderer.typeWord(status?.kind ?? row.kind).utf8, to: &output)
    guard let status else {
      for key in Key.size.rawValue...Key.inode.rawValue {
        appendKey(Key(rawValue: key)!, to: &output)
        output.append(contentsOf: nullBytes)
      }
      appendTail(row, to: &output)
      return
    }
    appendKey(.size, to: &output)
    appendDecimal(status.size, to: &output)
    appendKey(.mode, to: &output)
    output.append(UInt8(ascii: "\""))
    appendModeString(status.mode, to: &output)
    output.append(UInt8(ascii: "\""))
    appendKey(.perms, to: &output)
    output.append(UInt8(ascii: "\""))
    appendOctalPermissions(status.mode, to: &output)
    output.append(UInt8(ascii: "\""))
    appendKey(.links, to: &output)
    appendDecimal(status.linkCount, to: &output)
    appendKey(.uid, to: &output)
    appendDecimal(UInt64(status.userID), to: &output)
    appendKey(.gid, to: &output)
    appendDecimal(UInt64(status.groupID), to: &output)
    appendKey(.user, to: &output)
    appendJSONNameOrNull(accounts.userName(status.userID), to: &output)
    appendKey(.group, to: &output)
    appendJSONNameOrNull(accounts.groupName(status.groupID), to: &output)
    for (key, time) in [
      (Key.mtime, status.modificationTime), (.atime, status.accessTime),
      (.ctime, status.changeTime),
    ] {
      appendKey(key, to: &output)
      output.append(UInt8(ascii: "\""))
      TimestampFormat.appendRFC3339(time, to: &output)
      output.append(UInt8(ascii: "\""))
    }
    appendKey(.inode, to: &output)
    appendDecimal(status.inode, to: &output)
    appendTail(row, to: &output)
  }

  private static let nullBytes = Array("null".utf8)

  /// The target (symlinks only), the depth and the closing brace.
  private static func appendTail(_ row: FileRow, to output: inout [UInt8]) {
    if let target = row.symlinkTarget {
      appendJSONText(.target, .targetBase64, target, to: &output)
    }
    appendKey(.depth, to: &output)
    appendDecimal(UInt64(row.depth), to: &output)
    output.append(UInt8(ascii: "}"))
  }

  private static func appendJSONNameOrNull(_ name: [UInt8]?, to output: inout [UInt8]) {
    guard let name else {
      output.append(contentsOf: nullBytes)
      return
    }
    appendJSONRepaired(name, to: &output)
  }

  /// A JSON string of `bytes`, each byte that is not UTF-8 as U+FFFD.
  ///
  /// - Returns: Whether any byte had to be replaced.
  @discardableResult
  private static func appendJSONRepaired(
    _ bytes: some Collection<UInt8>, to output: inout [UInt8]
  ) -> Bool {
    if UTF8Text.isValid(bytes) {
      appendJSONString(bytes, to: &output)
      return false
    }
    var repaired: [UInt8] = []
    UTF8Text.appendRepaired(bytes, to: &repaired)
    appendJSONString(repaired, to: &output)
    return true
  }

  private static func appendKey(_ key: Key, to output: inout [UInt8], first: Bool = false) {
    let bytes = Key.jsonBytes[key.rawValue]
    output.append(contentsOf: first ? bytes[1...] : bytes[...])
  }

  /// A text field, and its Base64 twin when the bytes are not UTF-8.
  private static func appendJSONText(
    _ key: Key, _ base64Key: Key, _ bytes: some Collection<UInt8>, to output: inout [UInt8],
    first: Bool = false
  ) {
    appendKey(key, to: &output, first: first)
    guard appendJSONRepaired(bytes, to: &output) else { return }
    appendKey(base64Key, to: &output)
    output.append(UInt8(ascii: "\""))
    appendBase64(bytes, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// A JSON string of valid UTF-8 `text`: quotes, backslashes and control
  /// characters escaped, as RFC 8259 requires.
  static func appendJSONString(_ text: some Collection<UInt8>, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Most names need no escape: copy them whole.
    if !text.contains(where: {
      $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }) {
      output.append(contentsOf: text)
      output.append(UInt8(ascii: "\""))
      return
    }
    let hex = Array("0123456789abcdef".utf8)
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x00..<0x20, 0x7F:
        output.append(contentsOf: Array("\\u00".utf8))
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 15)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  // MARK: CSV

  /// Appends one CSV record for `row` (without the line end).
  ///
  /// - Parameters:
  ///   - row: The file.
  ///   - accounts: User and group names.
  ///   - hidesControlCharacters: On a terminal, show unprintable bytes
  ///     inside fields as `?` (CSV has no escapes of its own).
  ///   - output: Where the record goes.
  static func appendCSV(
    _ row: FileRow, accounts: AccountNames, hidesControlCharacters: Bool = false,
    to output: inout [UInt8]
  ) {
    let status = row.status
    var fields: [[UInt8]] = []
    func text(_ bytes: [UInt8]?) {
      guard let bytes else {
        fields.append([])
        fields.append([])
        return
      }
      if UTF8Text.isValid(bytes) {
        fields.append(bytes)
        fields.append([])
      } else {
        var repaired: [UInt8] = []
        UTF8Text.appendRepaired(bytes, to: &repaired)
        var base64: [UInt8] = []
        appendBase64(bytes, to: &base64)
        fields.append(repaired)
        fields.append(base64)
      }
    }
    func value(_ make: (FileStatus, inout [UInt8]) -> Void) {
      var field: [UInt8] = []
      if let status { make(status, &field) }
      fields.append(field)
    }
    text(Array(row.baseName))
    text(row.path)
    fields.append(Array(TemplateRenderer.typeWord(status?.kind ?? row.kind).utf8))
    value { appendDecimal($0.size, to: &$1) }
    value { appendModeString($0.mode, to: &$1) }
    value { appendOctalPermissions($0.mode, to: &$1) }
    value { appendDecimal($0.linkCount, to: &$1) }
    value { appendDecimal(UInt64($0.userID), to: &$1) }
    value { appendDecimal(UInt64($0.groupID), to: &$1) }
    value { $1 = accounts.userName($0.userID) ?? [] }
    value { $1 = accounts.groupName($0.groupID) ?? [] }
    value { TimestampFormat.appendRFC3339($0.modificationTime, to: &$1) }
    value { TimestampFormat.appendRFC3339($0.accessTime, to: &$1) }
    value { TimestampFormat.appendRFC3339($0.changeTime, to: &$1) }
    value { appendDecimal($0.inode, to: &$1) }
    text(row.symlinkTarget)
    fields.append(decimalBytes(UInt64(row.depth)))
    for (index, field) in fields.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      let start = output.count
      appendCSVField(field, to: &output)
      if hidesControlCharacters { NameStyle.hideControlCharacters(in: &output, from: start) }
    }
    // RFC 4180 ends records with CRLF; the row terminator adds the LF.
    output.append(0x0D)
  }

  /// A field, quoted when it holds a comma, a quote, CR or LF, with quotes doubled.
  static func appendCSVField(_ field: [UInt8], to output: inout [UInt8]) {
    let needsQuotes = field.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A
    }
    guard needsQuotes else {
      output.append(contentsOf: field)
      return
    }
    output.append(UInt8(ascii: "\""))
    for byte in field {
      if byte == UInt8(ascii: "\"") { output.append(byte) }
      output.append(byte)
    }
    output.append(UInt8(ascii: "\""))
  }
}

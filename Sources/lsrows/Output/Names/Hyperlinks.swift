/// `--hyperlink`: names wrapped in OSC 8 sequences that link to
/// `file://HOST/ABSOLUTE-PATH`, escaped as ls escapes them (RFC 3986's
/// unreserved bytes kept, every other byte as `%xx`).
///
/// The absolute path has every symlink resolved, the link's own too, as
/// ls's. A directory's canonical path is found once for all its entries.
final class Hyperlinks {
  private let escapedHost: [UInt8]
  /// The last directory's path prefix, and its canonical path.
  private var directory: (prefix: [UInt8], canonical: [UInt8]?)?

  init(host: [UInt8]) {
    escapedHost = Self.escape(host, isPath: false)
  }

  /// The sequence that opens the link to `row`'s file, or `nil` when its
  /// path cannot be made absolute.
  func opening(for row: FileRow) -> [UInt8]? {
    guard let absolute = absolutePath(of: row) else { return nil }
    var sequence = Array("\u{1B}]8;;file://".utf8)
    sequence.append(contentsOf: escapedHost)
    if absolute.first != UInt8(ascii: "/") { sequence.append(UInt8(ascii: "/")) }
    sequence.append(contentsOf: Self.escape(absolute, isPath: true))
    sequence.append(0x07)
    return sequence
  }

  /// The sequence that closes a link.
  static let closing = Array("\u{1B}]8;;\u{07}".utf8)

  private func absolutePath(of row: FileRow) -> [UInt8]? {
    let location = row.location
    if location.isOperands { return CanonicalPath.resolve(Array(row.name)) }
    if directory?.prefix != location.pathPrefix {
      directory = (location.pathPrefix, CanonicalPath.resolve(location.pathPrefix))
    }
    guard let base = directory?.canonical else { return nil }
    return CanonicalPath.resolve(Array(row.name), from: base)
  }

  private static func escape(_ bytes: [UInt8], isPath: Bool) -> [UInt8] {
    let hex = Array("0123456789abcdef".utf8)
    var escaped: [UInt8] = []
    escaped.reserveCapacity(bytes.count)
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "/") where isPath, UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "~"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
        escaped.append(byte)
      default:
        escaped += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return escaped
  }
}

import Glibc

/// The absolute path of a file with every symbolic link resolved, as
/// gnulib's `canonicalize_filename_mode` makes it with `CAN_MISSING` (what
/// ls's `--hyperlink` links to): components that do not exist are kept as
/// they are, and a loop of links ends where it is found.
enum CanonicalPath {
  /// How many links are followed before loops are looked for.
  private static let linksBeforeLoopCheck = 20

  private struct Seen: Hashable {
    let device: UInt64
    let inode: UInt64
    let rest: [UInt8]
  }

  /// Resolves `path`.
  ///
  /// - Parameters:
  ///   - path: The path; a relative one starts at `base`.
  ///   - base: An absolute, canonical directory; `nil` is the working
  ///     directory.
  /// - Returns: The canonical path, or `nil` when the working directory
  ///   cannot be named or `path` is empty.
  static func resolve(_ path: [UInt8], from base: [UInt8]? = nil) -> [UInt8]? {
    guard !path.isEmpty else { return nil }
    let slash = UInt8(ascii: "/")
    var result: [UInt8]
    if path.first == slash {
      result = [slash]
    } else if let base {
      result = base
    } else if let directory = workingDirectory() {
      result = directory
    } else {
      return nil
    }
    var rest = path
    var index = 0
    var links = 0
    var seen = Set<Seen>()
    while true {
      while index < rest.count && rest[index] == slash { index += 1 }
      guard index < rest.count else { break }
      var end = index
      while end < rest.count && rest[end] != slash { end += 1 }
      let component = rest[index..<end]
      if component.elementsEqual([UInt8(ascii: ".")]) {
        index = end
        continue
      }
      if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
        removeLastComponent(of: &result)
        index = end
        continue
      }
      let parentLength = result.count
      if result.last != slash { result.append(slash) }
      result.append(contentsOf: component)
      guard let target = linkTarget(of: result) else {
        // Not a link, or missing: kept as it is.
        index = end
        continue
      }
      if links < linksBeforeLoopCheck {
        links += 1
      } else {
        let parent = parentLength == 0 ? [slash] : Array(result[..<max(1, parentLength)])
        let status = parent.withCString { parent in
          try? FileDescriptor.currentDirectory.status(of: parent, followingSymlink: true)
        }
        guard let status else { return nil }
        let key = Seen(device: status.device, inode: status.inode, rest: Array(rest[index...]))
        if !seen.insert(key).inserted {
          index = end
          continue
        }
      }
      rest = target + rest[end...]
      index = 0
      if target.first == slash {
        result = [slash]
      } else {
        removeLastComponent(of: &result)
      }
    }
    if result.count > 1 && result.last == slash { result.removeLast() }
    return result
  }

  /// `/a/b` becomes `/a`, `/a` becomes `/`, `/` stays.
  private static func removeLastComponent(of path: inout [UInt8]) {
    let slash = UInt8(ascii: "/")
    guard path.count > 1 else { return }
    while path.count > 1 && path.last != slash { path.removeLast() }
    if path.count > 1 { path.removeLast() }
  }

  private static func linkTarget(of path: [UInt8]) -> [UInt8]? {
    path.withCString { path in
      try? FileDescriptor.currentDirectory.symlinkTarget(of: path)
    }
  }

  private static func workingDirectory() -> [UInt8]? {
    var capacity = 4096
    while capacity <= 1 << 20 {
      var buffer = [CChar](repeating: 0, count: capacity)
      if getcwd(&buffer, capacity) != nil {
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      }
      guard errno == ERANGE else { return nil }
      capacity *= 4
    }
    return nil
  }
}

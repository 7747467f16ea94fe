import Glibc

extension FileDescriptor {
  /// The whole contents of the file `name`, resolved from this directory
  /// (or absolute), for small files lsrows reads whole (ignore files, git
  /// configuration).
  ///
  /// - Parameters:
  ///   - name: The path.
  ///   - followingSymlink: Whether a symlink as the last component is
  ///     followed; if not, opening one fails with `ELOOP`.
  ///   - limit: The most bytes read; the rest is left unread.
  /// - Returns: The bytes.
  /// - Throws: The `openat` or `read` error.
  func contents(
    of name: UnsafePointer<CChar>, followingSymlink: Bool = true, limit: Int = 100 << 20
  ) throws(Errno) -> [UInt8] {
    var flags = O_RDONLY | O_CLOEXEC | O_NOCTTY
    if !followingSymlink { flags |= O_NOFOLLOW }
    let file = try FileDescriptor.opened(name, relativeTo: self, flags: flags)
    defer { file.close() }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    while contents.count < limit {
      let count = try chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in try file.read(into: buffer) }
      }.get()
      if count == 0 { break }
      contents.append(contentsOf: chunk[..<min(count, limit - contents.count)])
    }
    return contents
  }
}

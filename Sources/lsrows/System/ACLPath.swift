/// Where an entry's extended attributes are asked: by its name in the open
/// directory where the call has a form for that (`listxattrat`), else by a
/// path, which `getxattr` (and `listxattr` before Linux 6.13) needs.
///
/// The joined path (`DIR/name`) is what ls uses and the cheapest to look
/// up; when it could exceed `PATH_MAX` (a deep tree), `/proc/self/fd/N/name`
/// reaches the entry through the open directory instead. Operands are
/// named from the working directory already. The path is built only when
/// a call asks for it.
struct ACLPath {
  /// The directory the entries are in, open.
  let directory: FileDescriptor
  private var buffer: [CChar]
  private let prefixCount: Int

  private static let procAvailable = FileDescriptor.currentDirectory.isAccessible("/proc/self/fd")
  /// Room left for a name (at most 255 bytes) and the NUL under `PATH_MAX`.
  private static let longestPrefix = 4096 - 256

  init(directory: FileDescriptor, pathPrefix: [UInt8]) {
    self.directory = directory
    let prefix: [UInt8]
    if directory == .currentDirectory {
      prefix = []
    } else if pathPrefix.count <= Self.longestPrefix || !Self.procAvailable {
      prefix = pathPrefix
    } else {
      prefix = Array("/proc/self/fd/\(directory.rawValue)/".utf8)
    }
    buffer = prefix.map { CChar(bitPattern: $0) }
    prefixCount = buffer.count
  }

  /// Calls `body` with the path of the entry `name`, `length` bytes.
  mutating func withPath<Result>(
    _ name: UnsafePointer<CChar>, length: Int, _ body: (UnsafePointer<CChar>) -> Result
  ) -> Result {
    buffer.removeSubrange(prefixCount...)
    buffer.append(contentsOf: UnsafeBufferPointer(start: name, count: length))
    buffer.append(0)
    return buffer.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}

import CLinux
import Glibc
import Synchronization

/// What ls reads from a file's extended attributes: whether it has a
/// POSIX access control list, and its security context (SELinux's label).
///
/// One `listxattr` answers both for almost every file (it has neither);
/// the context's value is read only where the list names it.
enum ExtendedAttributes {
  /// What one file has.
  struct Found: Equatable {
    var hasAccessControlList = false
    /// The `security.selinux` value without its NUL, when there is one
    /// that names a context (possibly empty).
    var securityContext: [UInt8]?
  }

  /// `listxattr`, or `llistxattr` for the link itself.
  private static func listNames(
    _ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
    followsSymlink: Bool
  ) -> Int {
    followsSymlink ? listxattr(path, buffer, size) : llistxattr(path, buffer, size)
  }

  /// The same, of `name` in `directory` (`listxattrat`): one lookup, where
  /// a path is one for each of its components.
  private static func listNames(
    of name: UnsafePointer<CChar>, in directory: FileDescriptor,
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, followsSymlink: Bool
  ) -> Int {
    let flags = followsSymlink ? 0 : UInt32(AT_SYMLINK_NOFOLLOW)
    return clinux_listxattrat(directory.rawValue, name, flags, buffer, size)
  }

  /// Whether the kernel has `listxattrat` (Linux 6.13).
  ///
  /// Asked once, with flags it refuses (EINVAL): a kernel without it
  /// answers ENOSYS to anything, and a sandbox that does not know it
  /// ENOSYS or EPERM, where a file system without extended attributes
  /// could answer ENOSYS too.
  static let listsFromDirectory =
    clinux_listxattrat(-1, "", ~0, nil, 0) < 0 && errno == EINVAL

  /// `getxattr`, or `lgetxattr` for the link itself.
  private static func value(
    _ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>,
    _ buffer: UnsafeMutableRawPointer?, _ size: Int, followsSymlink: Bool
  ) -> Int {
    followsSymlink ? getxattr(path, name, buffer, size) : lgetxattr(path, name, buffer, size)
  }

  /// The device whose files last said they keep no context: as ls, its
  /// other files are not asked (and show none).
  private static let unsupportedDevice = Atomic<UInt64>(.max)

  private static let accessACL = Array("system.posix_acl_access".utf8)
  private static let defaultACL = Array("system.posix_acl_default".utf8)
  private static let contextName = "security.selinux"

  /// Reads what the entry `name` has.
  ///
  /// - Parameters:
  ///   - name: The entry, from `path`'s directory.
  ///   - length: The name's length in bytes.
  ///   - path: Where the entry's attributes are asked: its directory, and
  ///     its path for the calls that have no form relative to a directory.
  ///   - followsSymlink: Whether a symbolic link is followed (`-L`).
  ///   - kind: The file's kind: a symbolic link has no ACL of its own, and
  ///     a directory's default ACL counts, as GNU ls counts them.
  ///   - readsContext: Whether the security context is wanted.
  ///   - device: The file's device, for ls's memory of devices without
  ///     contexts.
  ///   - fromDirectory: Whether names are listed relative to the directory;
  ///     where the kernel cannot, the path is asked.
  /// - Returns: What was found; an error (no support, no such attribute)
  ///   counts as nothing, as in ls.
  static func read(
    _ name: UnsafePointer<CChar>, length: Int, from path: inout ACLPath, followsSymlink: Bool,
    kind: FileKind, readsContext: Bool, device: UInt64?,
    fromDirectory: Bool = listsFromDirectory
  ) -> Found {
    func withPath<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
      path.withPath(name, length: length, body)
    }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer in
      let listed =
        fromDirectory
        ? listNames(
          of: name, in: path.directory, buffer.baseAddress, buffer.count,
          followsSymlink: followsSymlink)
        : withPath {
          listNames($0, buffer.baseAddress, buffer.count, followsSymlink: followsSymlink)
        }
      var found = Found()
      var hasContext = false
      if listed >= 0 {
        let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: listed)
        for name in bytes.split(separator: 0) {
          if name.elementsEqual(accessACL) || (kind == .directory && name.elementsEqual(defaultACL))
          {
            found.hasAccessControlList = kind != .symbolicLink
          } else if name.elementsEqual(contextName.utf8) {
            hasContext = true
          }
        }
      } else if errno == ERANGE {
        // More names than the buffer holds: ask for each one.
        found.hasAccessControlList = withPath { path in
          kind != .symbolicLink && hasAttribute(path, accessACL, followsSymlink)
            || kind == .directory && hasAttribute(path, defaultACL, followsSymlink)
        }
        hasContext = true
      } else if isUnsupported(errno), let device {
        unsupportedDevice.store(device, ordering: .relaxed)
      }
      let known = device != nil && device == unsupportedDevice.load(ordering: .relaxed)
      if readsContext && hasContext && !known {
        switch withPath({ context(of: $0, followsSymlink: followsSymlink) }) {
        case .context(let value): found.securityContext = value
        case .none: break
        case .unsupported: if let device { unsupportedDevice.store(device, ordering: .relaxed) }
        }
      }
      return found
    }
  }

  private static func hasAttribute(
    _ path: UnsafePointer<CChar>, _ name: [UInt8], _ followsSymlink: Bool
  ) -> Bool {
    (name + [0]).withUnsafeBufferPointer { name in
      name.withMemoryRebound(to: CChar.self) {
        value(path, $0.baseAddress!, nil, 0, followsSymlink: followsSymlink) > 0
      }
    }
  }

  /// What reading a context told, as libselinux tells ls.
  private enum ContextValue {
    case context([UInt8])
    case none
    /// No support here (or an empty value, which libselinux reports so).
    case unsupported
  }

  private static func context(of path: UnsafePointer<CChar>, followsSymlink: Bool) -> ContextValue {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
      let length = value(
        path, contextName, buffer.baseAddress, buffer.count, followsSymlink: followsSymlink)
      if length == 0 { return .unsupported }
      guard length > 0 else { return isUnsupported(errno) ? .unsupported : .none }
      var value = Array(buffer[..<length])
      if value.last == 0 { value.removeLast() }
      // ls shows "unlabeled" as no context.
      return value.elementsEqual("unlabeled".utf8) ? .none : .context(value)
    }
  }

  private static func isUnsupported(_ error: Int32) -> Bool {
    error == ENOTSUP || error == ENOSYS || error == EINVAL
  }
}

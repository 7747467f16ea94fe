import Glibc

/// POSIX access control lists, read through extended attributes.
///
/// Swift's Glibc module does not declare `getxattr`, so it is looked up in
/// the C library once, by name.
enum AccessControlLists {
  private typealias GetAttribute =
    @convention(c) (
      UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int
    ) -> Int

  private static let getAttribute: GetAttribute? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr") else { return nil }
    return unsafeBitCast(symbol, to: GetAttribute.self)
  }()

  /// Whether the file at `path` has an access ACL, or a default ACL if it is
  /// a directory, as GNU ls's `+` means.
  ///
  /// An error (no such attribute, no support for them) counts as no ACL.
  static func exist(at path: UnsafePointer<CChar>, isDirectory: Bool) -> Bool {
    guard let getAttribute else { return false }
    if getAttribute(path, "system.posix_acl_access", nil, 0) > 0 { return true }
    return isDirectory && getAttribute(path, "system.posix_acl_default", nil, 0) > 0
  }
}

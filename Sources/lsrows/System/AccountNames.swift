import Glibc

/// User and group names by id, each looked up once.
///
/// The last of each is kept beside its table: a directory's files mostly
/// share an owner and a group, and `-l` asks for both on every row, where
/// a lookup in the table hashes the id.
final class AccountNames {
  private var users: [UInt32: [UInt8]?] = [:]
  private var groups: [UInt32: [UInt8]?] = [:]
  private var lastUser: (id: UInt32, name: [UInt8]?)?
  private var lastGroup: (id: UInt32, name: [UInt8]?)?

  /// The name of user `id`, or `nil` when the system has none.
  func userName(_ id: UInt32) -> [UInt8]? {
    if let lastUser, lastUser.id == id { return lastUser.name }
    let name = lookUpUser(id)
    lastUser = (id, name)
    return name
  }

  /// The name of group `id`, or `nil` when the system has none.
  func groupName(_ id: UInt32) -> [UInt8]? {
    if let lastGroup, lastGroup.id == id { return lastGroup.name }
    let name = lookUpGroup(id)
    lastGroup = (id, name)
    return name
  }

  private func lookUpUser(_ id: UInt32) -> [UInt8]? {
    if let known = users[id] { return known }
    let name = Self.lookUp { buffer, size in
      var entry = passwd()
      var result: UnsafeMutablePointer<passwd>?
      let status = getpwuid_r(id, &entry, buffer, size, &result)
      return (status, result == nil ? nil : entry.pw_name)
    }
    users[id] = name
    return name
  }

  private func lookUpGroup(_ id: UInt32) -> [UInt8]? {
    if let known = groups[id] { return known }
    let name = Self.lookUp { buffer, size in
      var entry = group()
      var result: UnsafeMutablePointer<group>?
      let status = getgrgid_r(id, &entry, buffer, size, &result)
      return (status, result == nil ? nil : entry.gr_name)
    }
    groups[id] = name
    return name
  }

  /// Calls a `get*_r` function with a buffer that grows until it fits.
  private static func lookUp(
    _ call: (UnsafeMutablePointer<CChar>, Int) -> (CInt, UnsafeMutablePointer<CChar>?)
  ) -> [UInt8]? {
    var size = 1024
    while size <= 1 << 20 {
      let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
      defer { buffer.deallocate() }
      let (status, name) = call(buffer, size)
      if status == ERANGE {
        size *= 4
        continue
      }
      guard status == 0, let name else { return nil }
      return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }
    return nil
  }
}

import Glibc

/// User and group names by id, each looked up once.
final class AccountNames {
  private var users = NameTable()
  private var groups = NameTable()

  /// The name of user `id`, or `nil` when the system has none.
  func userName(_ id: UInt32) -> [UInt8]? {
    if let name = users.lastName(of: id) { return name }
    return users.name(of: id) { id in
      Self.lookUp { buffer, size in
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        let status = getpwuid_r(id, &entry, buffer, size, &result)
        return (status, result == nil ? nil : entry.pw_name)
      }
    }
  }

  /// The name of group `id`, or `nil` when the system has none.
  func groupName(_ id: UInt32) -> [UInt8]? {
    if let name = groups.lastName(of: id) { return name }
    return groups.name(of: id) { id in
      Self.lookUp { buffer, size in
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        let status = getgrgid_r(id, &entry, buffer, size, &result)
        return (status, result == nil ? nil : entry.gr_name)
      }
    }
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

/// The names of one kind of account by id, and the last one asked.
///
/// A directory's files mostly share an owner and a group, and `-l` asks
/// for both on every row: the last is answered by a comparison, read
/// without writing the table, where the table itself hashes the id.
private struct NameTable {
  private var names: [UInt32: [UInt8]?] = [:]
  private var last: (id: UInt32, name: [UInt8]?)?

  /// The last name asked, when it was `id`'s: `.some(nil)` when `id` has
  /// none, `nil` when `id` was not the last asked.
  func lastName(of id: UInt32) -> [UInt8]?? {
    guard let last, last.id == id else { return nil }
    return .some(last.name)
  }

  /// The name of `id`, from the table or else from `lookUp`, kept as the
  /// last asked.
  mutating func name(of id: UInt32, lookUp: (UInt32) -> [UInt8]?) -> [UInt8]? {
    let name: [UInt8]?
    if let known = names[id] {
      name = known
    } else {
      name = lookUp(id)
      names[id] = .some(name)
    }
    last = (id, name)
    return name
  }
}

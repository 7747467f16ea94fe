import Glibc
import Testing

@testable import lsrows

/// Account names come from the system's databases, whatever order ids are
/// asked in: the last name kept for each kind never answers for another id.
@Suite struct AccountNamesTests {
  /// What getpwuid and getgrgid say, asked directly.
  static func expectedUser(_ id: UInt32) -> [UInt8]? {
    getpwuid(id).map {
      Array(UnsafeRawBufferPointer(start: $0.pointee.pw_name, count: strlen($0.pointee.pw_name)))
    }
  }

  static func expectedGroup(_ id: UInt32) -> [UInt8]? {
    getgrgid(id).map {
      Array(UnsafeRawBufferPointer(start: $0.pointee.gr_name, count: strlen($0.pointee.gr_name)))
    }
  }

  /// Root, nobody, an id no system has, and back, each asked twice in a row.
  static let ids: [UInt32] = [0, 0, 65534, 65534, 0, 4_000_000_123, 4_000_000_123, 0, 65534]

  @Test func userNamesFollowTheIdsAsked() {
    let accounts = AccountNames()
    for id in Self.ids {
      #expect(accounts.userName(id) == Self.expectedUser(id), "user \(id)")
    }
    #expect(accounts.userName(0) == bytes("root"))
    #expect(accounts.userName(4_000_000_123) == nil)
  }

  @Test func groupNamesFollowTheIdsAsked() {
    let accounts = AccountNames()
    for id in Self.ids {
      #expect(accounts.groupName(id) == Self.expectedGroup(id), "group \(id)")
    }
    #expect(accounts.groupName(0) == bytes("root"))
    #expect(accounts.groupName(4_000_000_123) == nil)
  }

  /// A user's id asked as a group's id answers with the group's name.
  @Test func usersAndGroupsAreKeptApart() {
    let accounts = AccountNames()
    #expect(accounts.userName(65534) == Self.expectedUser(65534))
    #expect(accounts.groupName(65534) == Self.expectedGroup(65534))
    #expect(accounts.userName(65534) == Self.expectedUser(65534))
  }
}

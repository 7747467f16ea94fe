import Glibc
import Testing

@testable import lsrows

/// Account names come from the system's databases, whatever order ids are
/// asked in: the last name kept for each kind never answers for another id.
@Suite struct AccountNamesTests {
  /// One kind of account: how lsrows asks for a name, and what the C
  /// library's own call answers.
  enum Kind: CaseIterable {
    case user, group

    func name(_ id: UInt32, from accounts: AccountNames) -> [UInt8]? {
      self == .user ? accounts.userName(id) : accounts.groupName(id)
    }

    func expected(_ id: UInt32) -> [UInt8]? {
      let name = self == .user ? getpwuid(id)?.pointee.pw_name : getgrgid(id)?.pointee.gr_name
      return name.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
    }
  }

  /// Root, nobody, an id no system has, and back, each asked twice in a row.
  static let ids: [UInt32] = [0, 0, 65534, 65534, 0, 4_000_000_123, 4_000_000_123, 0, 65534]

  @Test(arguments: Kind.allCases)
  func namesFollowTheIdsAsked(kind: Kind) {
    let accounts = AccountNames()
    for id in Self.ids {
      #expect(kind.name(id, from: accounts) == kind.expected(id), "\(kind) \(id)")
    }
    #expect(kind.name(0, from: accounts) == bytes("root"))
    #expect(kind.name(4_000_000_123, from: accounts) == nil)
  }

  /// A user's id asked as a group's id answers with the group's name.
  @Test func usersAndGroupsAreKeptApart() {
    let accounts = AccountNames()
    for kind in [Kind.user, .group, .user] {
      #expect(kind.name(65534, from: accounts) == kind.expected(65534), "\(kind)")
    }
  }
}

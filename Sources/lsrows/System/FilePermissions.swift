/// The twelve permission bits of a mode: read, write and execute for the
/// owner, the group and others, and set-user-ID, set-group-ID and sticky.
struct FilePermissions: OptionSet, Hashable, Sendable {
  let rawValue: UInt32

  static let ownerRead = FilePermissions(rawValue: 0o400)
  static let ownerWrite = FilePermissions(rawValue: 0o200)
  static let ownerExecute = FilePermissions(rawValue: 0o100)
  static let groupRead = FilePermissions(rawValue: 0o040)
  static let groupWrite = FilePermissions(rawValue: 0o020)
  static let groupExecute = FilePermissions(rawValue: 0o010)
  static let otherRead = FilePermissions(rawValue: 0o004)
  static let otherWrite = FilePermissions(rawValue: 0o002)
  static let otherExecute = FilePermissions(rawValue: 0o001)
  static let setUserID = FilePermissions(rawValue: 0o4000)
  static let setGroupID = FilePermissions(rawValue: 0o2000)
  static let sticky = FilePermissions(rawValue: 0o1000)

  /// Execute for anyone: what makes a regular file "executable" to ls.
  static let anyExecute: FilePermissions = [.ownerExecute, .groupExecute, .otherExecute]

  /// Every bit a mode's permissions can hold.
  static let all = FilePermissions(rawValue: 0o7777)
}

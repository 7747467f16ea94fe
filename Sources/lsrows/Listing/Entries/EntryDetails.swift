/// What was read about an entry beyond its directory entry, when an option
/// needed it.
struct EntryDetails: Sendable {
  /// The entry's status (`lstat`, or `stat` under `-L`), or `nil` when it
  /// could not be read (it vanished).
  var status: FileStatus?
  /// For a symbolic link, the mode of what it points to; `nil` when it
  /// points nowhere or nothing needed to look.
  var targetMode: FileMode?
  var hasAccessControlList = false
}

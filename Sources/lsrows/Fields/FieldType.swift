/// What kind of value a field holds, which decides how it is written and
/// (for queries) compared.
enum FieldType: Sendable, Equatable {
  /// Exact bytes from the file system (names, paths, link targets): JSON
  /// and CSV add a Base64 twin when they are not UTF-8.
  case bytes
  /// Text from the system's databases (user and group names).
  case text
  /// A whole number.
  case number
  /// A point in time.
  case time
  /// A kind of file: `file`, `dir`, `symlink`, ...
  case kind
  /// A mode as ls shows it: `-rw-r--r--`.
  case mode
  /// Permission bits in octal: `0644`.
  case permissions
}

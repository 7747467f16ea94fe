/// Decides what an operand is, as ls does: a directory whose contents are
/// listed, or a file listed as itself.
struct OperandResolver: Sendable {
  /// What an operand turned out to be, with its status.
  enum Resolution: Equatable {
    /// Listed as itself; the status is the link's own for a symlink not
    /// followed.
    case file(FileStatus)
    /// A directory (or a symlink to one, followed) whose contents are listed.
    case directory(FileStatus)
  }

  /// `-d`: directories are listed as themselves.
  var listsDirectoriesThemselves: Bool
  /// Which symlink operands are followed.
  var dereference: Dereference

  /// Reads `operand`'s status and decides.
  ///
  /// - Throws: The `stat` failure, named by the operand: with `-H` and
  ///   `-L`, a link that points nowhere is one.
  func resolve(_ operand: [UInt8]) throws(SystemError) -> Resolution {
    let status = try status(of: operand, following: dereference)
    let listsContents = status.kind == .directory && !listsDirectoriesThemselves
    return listsContents ? .directory(status) : .file(status)
  }

  /// Reads `operand`'s status for a `--files0-from` list, whose names are
  /// listed as themselves: followed with `-H` and `-L` only.
  func ownStatus(of operand: [UInt8]) throws(SystemError) -> FileStatus {
    let followsAll = dereference == .always || dereference == .commandLine
    return try status(of: operand, following: followsAll ? dereference : .never)
  }

  /// ls's rules: `-H` and `-L` follow a link and fail where it points
  /// nowhere; the default follows a link only to a directory, and takes
  /// the link itself when it points nowhere (but not when it loops: ls 9.1
  /// reports that).
  private func status(
    of operand: [UInt8], following dereference: Dereference
  ) throws(SystemError) -> FileStatus {
    try operand.withCString { path throws(SystemError) in
      let here = FileDescriptor.currentDirectory
      do throws(Errno) {
        switch dereference {
        case .always, .commandLine:
          return try here.status(of: path, followingSymlink: true)
        case .commandLineSymlinkToDirectory:
          do throws(Errno) {
            let followed = try here.status(of: path, followingSymlink: true)
            if followed.kind == .directory { return followed }
          } catch {
            if error != .noSuchFileOrDirectory { throw error }
          }
          return try here.status(of: path, followingSymlink: false)
        case .never:
          return try here.status(of: path, followingSymlink: false)
        }
      } catch {
        throw .status(operand, error)
      }
    }
  }
}

/// Decides what an operand is, as ls does: a directory whose contents are
/// listed, or a file listed as itself.
struct OperandResolver: Sendable {
  /// What an operand turned out to be, with its status.
  enum Resolution: Equatable {
    /// Listed as itself; the status is the link's own for a symlink.
    case file(FileStatus)
    /// A directory (or a symlink to one, followed) whose contents are listed.
    case directory(FileStatus)
  }

  /// `-d`: directories are listed as themselves.
  var listsDirectoriesThemselves: Bool
  /// `-d`, `-l` and `-F` look at a symlink operand itself, as ls does;
  /// otherwise a symlink to a directory is listed through.
  var looksAtSymlinksThemselves: Bool

  /// Reads `operand`'s status and decides.
  ///
  /// A dangling symlink is listed as itself.
  ///
  /// - Throws: The `stat` failure, named by the operand.
  func resolve(_ operand: [UInt8]) throws(SystemError) -> Resolution {
    try operand.withCString { path throws(SystemError) in
      let here = FileDescriptor.currentDirectory
      do throws(Errno) {
        if looksAtSymlinksThemselves {
          let own = try here.status(of: path, followingSymlink: false)
          let listsContents = own.kind == .directory && !listsDirectoriesThemselves
          return listsContents ? .directory(own) : .file(own)
        }
        do throws(Errno) {
          let followed = try here.status(of: path, followingSymlink: true)
          if followed.kind == .directory { return .directory(followed) }
        } catch {
          if error != .noSuchFileOrDirectory { throw error }
        }
        return .file(try here.status(of: path, followingSymlink: false))
      } catch {
        throw .status(operand, error)
      }
    }
  }

  /// Reads `operand`'s own status, as `--files0-from` lists every name as
  /// itself.
  func ownStatus(of operand: [UInt8]) throws(SystemError) -> FileStatus {
    try operand.withCString { path throws(SystemError) in
      do throws(Errno) {
        return try FileDescriptor.currentDirectory.status(of: path, followingSymlink: false)
      } catch {
        throw .status(operand, error)
      }
    }
  }
}

/// Where a walk's rows and messages are: the locations of its directories'
/// rows, the paths messages name, and `--gitignore`'s view of a
/// subdirectory being entered; all read from the relative path.
extension TreeWalker {
  /// Where the rows of the directory at the end of the relative path are.
  func location(depth: Int) -> RowLocation {
    paths.location(relative: relative, depth: depth)
  }

  /// Where the rows of `frame`, on the current path, are.
  func location(of frame: WalkFrame) -> RowLocation {
    paths.location(relative: Array(relative[..<frame.relativeLength]), depth: frame.depth)
  }

  /// With `--gitignore`, the subdirectory `name` of `parent`, at the end
  /// of the relative path, as its read enters it.
  func entering(_ name: ArraySlice<UInt8>, below parent: WalkFrame) -> GitIgnoreScope.Entering? {
    configuration.gitSettings.map { settings in
      GitIgnoreScope.Entering(
        parent: parent.ignoreScope, name: name,
        messagePrefix: paths.pathPrefix(relative: relative), settings: settings)
    }
  }

  /// The directory's path as messages name it.
  func directoryPath(of frame: WalkFrame) -> [UInt8] {
    guard frame.relativeLength > 0 else { return paths.operand }
    return paths.operandPrefix + relative[..<(frame.relativeLength - 1)]
  }
}

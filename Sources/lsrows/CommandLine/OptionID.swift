/// Every option lsrows understands, whatever its spelling.
enum OptionID: Sendable, Hashable, CaseIterable {
  // Which entries
  case all, almostAll, directory, recursive, maxDepth, minDepth, oneFileSystem, prune, pruneWhere
  case gitIgnore
  case filter
  case type, filesFrom, ignore, ignoreBackups, hide
  case dereference, dereferenceCommandLine, dereferenceCommandLineSymlinkToDirectory
  // Order
  case reverse, sort, sortBy, sortBySize, sortByTime, sortByExtension, sortByVersion, unsorted
  case allUnsorted, groupDirectoriesFirst, limit, sortMemory
  // What each row shows
  case long, numericIDs, withoutOwner, longWithoutGroup, withoutGroup, author, context
  case inode, size, humanReadable, si, blockSize, kibibytes
  case time, changeTime, accessTime, timeStyle, fullTime
  case classify, fileType, slash, indicatorStyle, hyperlink
  case format, json, csv, fields, null, onePerLine, tabSize, width
  // How names look
  case quotingStyle, literal, escape, quoteName, hideControlCharacters, showControlCharacters
  case color
  // ls's multi-column formats and dired, refused
  case columns, across, commas, dired
  case help, version
}

extension ColorPalette {
  /// What ls stats for colors: the bits of files and directories that pick
  /// a color, and symlinks' targets when orphans look different.
  ///
  /// - Parameter showsTargets: Whether rows show symlink targets (`-l`),
  ///   which a `mi` color paints when they point nowhere.
  /// - Returns: The statuses and symlink targets the colors need.
  func metadataNeeds(showsTargets: Bool) -> MetadataNeeds {
    var needs = MetadataNeeds(statusKinds: .unknown)
    if isColored(.executable) || isColored(.setuid) || isColored(.setgid) {
      needs.statusKinds.insert(.regularFiles)
    }
    // Not a reason to read a status, as in ls; but a file's that is read
    // for another shows its links.
    if isColored(.multiHardlink) { needs.statusFields.insert(.linkCount) }
    if isColored(.otherWritable) || isColored(.sticky) || isColored(.stickyOtherWritable) {
      needs.statusKinds.insert(.directories)
    }
    if isColored(.orphan) || (isColored(.executable) && linksAsTarget)
      || (isColored(.missing) && showsTargets)
    {
      needs.targetModes = true
    }
    if linksAsTarget || needs.targetModes {
      needs.statusKinds.insert(.symbolicLinks)
    }
    return needs
  }
}

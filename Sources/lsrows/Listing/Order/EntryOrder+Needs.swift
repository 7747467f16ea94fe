extension EntryOrder {
  /// What the comparison reads beyond names: statuses for size and time,
  /// what symlinks point to for `--group-directories-first`.
  var metadataNeeds: MetadataNeeds {
    var needs = MetadataNeeds()
    switch key {
    case .size, .time: needs.statusKinds.insert(.every)
    case .name, .none, .extension, .version: break
    case .fields(let fields):
      for key in fields { needs.formUnion(key.field.metadataNeeds) }
    }
    if groupsDirectoriesFirst {
      // A symlink to a directory goes with the directories, as in ls.
      needs.statusKinds.insert(.unknown)
      needs.targetModes = true
    }
    return needs
  }
}

extension EntryOrder {
  /// What the comparison reads beyond names: statuses for size and time,
  /// what symlinks point to for `--group-directories-first`.
  var metadataNeeds: MetadataNeeds {
    var needs = MetadataNeeds()
    switch key {
    case .size: needs = .statuses(.size)
    case .time: needs = .statuses(timeField.statusField)
    case .name, .none, .extension, .version, .width: break
    case .fields(let fields):
      for key in fields { needs.formUnion(key.field.metadataNeeds) }
    }
    if groupsDirectoriesFirst {
      // A symlink to a directory goes with the directories, as in ls,
      // which looks at every symlink (and so reports one it cannot reach).
      needs.statusKinds.formUnion([.unknown, .symbolicLinks])
      needs.targetModes = true
    }
    return needs
  }
}

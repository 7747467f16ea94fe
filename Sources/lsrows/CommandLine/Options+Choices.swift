extension Options {
  static let sortChoices = ArgumentChoices<SortKey>(
    option: "--sort",
    choices: [
      (["name"], .name),
      (["none"], .none),
      (["size"], .size),
      (["time"], .time),
      (["extension"], .extension),
      (["version"], .version),
      (["width"], .width),
    ]
  )

  static let timeChoices = ArgumentChoices<TimeField>(
    option: "--time",
    choices: [
      (["mtime", "modification"], .modification),
      (["atime", "access", "use"], .access),
      (["ctime", "status"], .change),
      (["birth", "creation"], .birth),
    ]
  )

  static let indicatorChoices = ArgumentChoices<IndicatorStyle>(
    option: "--indicator-style",
    choices: [
      (["none"], .none), (["slash"], .slash), (["file-type"], .fileType),
      (["classify"], .classify),
    ]
  )

  static let classifyChoices = ArgumentChoices<When>(
    option: "--classify",
    choices: [
      (["always", "yes", "force"], .always),
      (["never", "no", "none"], .never),
      (["auto", "tty", "if-tty"], .auto),
    ]
  )

  static let quotingChoices = ArgumentChoices<QuotingStyle>(
    option: "--quoting-style",
    choices: QuotingStyle.allCases.map { ([$0.word], $0) }
  )

  static let colorChoices = ArgumentChoices<When>(
    option: "--color",
    choices: classifyChoices.choices
  )

  static let typeChoices = ArgumentChoices<FileKind>(
    option: "--type", choices: FileKind.typeWords.map { ($0.words, $0.kind) })
}

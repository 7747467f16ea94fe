extension Options {
  /// Reads a command line (without the program name), in order: an option is
  /// applied, or rejected, before the next one is looked at, so the first
  /// mistake is the one reported, as in ls.
  ///
  /// - Parameters:
  ///   - arguments: The words after the program name.
  ///   - stopsAtFirstOperand: `POSIXLY_CORRECT`: options end at the first operand.
  ///   - outputIsTerminal: Whether standard output is a terminal, which
  ///     `--classify=auto` decides as it is read, as ls decides it.
  /// - Returns: What to do: list, or print help or the version.
  /// - Throws: The first mistake, as ls reports it.
  static func parse(
    _ arguments: [[UInt8]],
    stopsAtFirstOperand: Bool = false,
    outputIsTerminal: Bool = false
  ) throws(UsageError) -> Command {
    var parser = ArgumentParser(
      arguments, table: OptionSpec.table, stopsAtFirstOperand: stopsAtFirstOperand)
    var options = Options()
    let now = Timestamp.now
    // The options that choose the whole row (--format, --json, --csv) exclude each other.
    var formatOptions = Set<String>()
    while let argument = try parser.next() {
      switch argument {
      case .operand(let operand):
        options.operands.append(operand)
      case .option(.help, _):
        return .help
      case .option(.version, _):
        return .version
      case .option(let id, let value):
        switch id {
        case .format: formatOptions.insert("format")
        case .json: formatOptions.insert("json")
        case .csv: formatOptions.insert("csv")
        default: break
        }
        try options.apply(id, value, now: now, outputIsTerminal: outputIsTerminal)
      }
    }
    if options.operandsFile != nil, let extra = options.operands.first {
      throw .extraOperand(extra, reason: "file operands cannot be combined with --files0-from")
    }
    if formatOptions.count > 1 {
      throw .conflictingOptions(formatOptions.sorted().map { "--" + $0 })
    }
    if case .csv = options.format, options.terminator == .nul {
      throw .conflictingOptions(["--csv", "--null"])
    }
    switch options.format {
    case .json, .csv: break
    default:
      // Also when a later -l or --format chose other rows than records.
      if options.recordFields != nil {
        throw .optionWithout(option: "--fields", needs: "--json or --csv")
      }
    }
    return .list(options)
  }

  /// A whole number of levels, 0 or more.
  static func count(_ text: [UInt8], option: String) throws(UsageError) -> Int {
    guard !text.isEmpty,
      text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(String(decoding: text, as: UTF8.self))
    else {
      throw .invalidNumber(text, option: option)
    }
    return number
  }
}

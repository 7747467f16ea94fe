/// Splits a command line into options and operands with GNU `getopt_long`'s
/// rules: clustered short options (`-Ar`), `--name=value` and `--name value`,
/// unambiguous long prefixes (`--alm`), `--` ending the options, and operands
/// anywhere unless `POSIXLY_CORRECT` asks options to stop at the first one.
struct ArgumentParser {
  private let table: [OptionSpec]
  private let stopsAtFirstOperand: Bool
  private var remaining: ArraySlice<[UInt8]>
  private var cluster: ArraySlice<UInt8> = []
  private var onlyOperandsLeft = false

  /// - Parameters:
  ///   - arguments: The words after the program name.
  ///   - table: The options to recognize.
  ///   - stopsAtFirstOperand: Whether the first operand ends the options.
  init(_ arguments: [[UInt8]], table: [OptionSpec], stopsAtFirstOperand: Bool = false) {
    self.table = table
    self.stopsAtFirstOperand = stopsAtFirstOperand
    remaining = arguments[...]
  }

  /// The next option or operand, or `nil` when the words are used up.
  mutating func next() throws(UsageError) -> ParsedArgument? {
    if !cluster.isEmpty {
      return try nextShortOption()
    }
    guard let word = remaining.popFirst() else { return nil }
    if onlyOperandsLeft {
      return .operand(word)
    }
    if word == Array("--".utf8) {
      onlyOperandsLeft = true
      return try next()
    }
    if word.starts(with: Array("--".utf8)) {
      return try longOption(word)
    }
    if word.count > 1 && word[0] == UInt8(ascii: "-") {
      cluster = word[1...]
      return try nextShortOption()
    }
    if stopsAtFirstOperand {
      onlyOperandsLeft = true
    }
    return .operand(word)
  }

  private mutating func nextShortOption() throws(UsageError) -> ParsedArgument {
    let letter = cluster.removeFirst()
    guard let spec = table.first(where: { $0.short == letter }) else {
      cluster = []
      throw .invalidOption(letter)
    }
    switch spec.argument {
    case .none:
      return .option(spec.id, argument: nil)
    case .optional:
      let argument = cluster.isEmpty ? nil : Array(cluster)
      cluster = []
      return .option(spec.id, argument: argument)
    case .required:
      if !cluster.isEmpty {
        let argument = Array(cluster)
        cluster = []
        return .option(spec.id, argument: argument)
      }
      guard let argument = remaining.popFirst() else {
        throw .missingShortArgument(letter)
      }
      return .option(spec.id, argument: argument)
    }
  }

  private mutating func longOption(_ word: [UInt8]) throws(UsageError) -> ParsedArgument {
    let body = word[2...]
    let equals = body.firstIndex(of: UInt8(ascii: "="))
    let name = Array(body[..<(equals ?? body.endIndex)])
    let inlineArgument = equals.map { Array(body[body.index(after: $0)...]) }

    let (spec, longName) = try resolve(name, word: word)
    switch spec.argument {
    case .none:
      if inlineArgument != nil { throw .unexpectedArgument(option: "--" + longName) }
      return .option(spec.id, argument: nil)
    case .optional:
      return .option(spec.id, argument: inlineArgument)
    case .required:
      if let inlineArgument { return .option(spec.id, argument: inlineArgument) }
      guard let argument = remaining.popFirst() else {
        throw .missingArgument(option: "--" + longName)
      }
      return .option(spec.id, argument: argument)
    }
  }

  /// Finds the option a long name or prefix names.
  ///
  /// A prefix that names several options names the one of them that GNU ls
  /// 9.1 has, when only one does (``OptionSpec/lsrowsLongNames``): so a
  /// script that abbreviates an ls option, as ls lets it, never becomes
  /// ambiguous because lsrows added an option (`--fi` is `--file-type`,
  /// though `--files0-from` begins so too).
  func resolve(
    _ name: [UInt8],
    word: [UInt8]
  ) throws(UsageError) -> (OptionSpec, String) {
    var candidates: [(OptionSpec, String)] = []
    for spec in table {
      for longName in spec.long {
        let bytes = Array(longName.utf8)
        if bytes == name { return (spec, longName) }
        if bytes.starts(with: name) { candidates.append((spec, longName)) }
      }
    }
    guard let first = candidates.first else {
      throw .unrecognizedOption(word)
    }
    // Spellings of one option are not rivals; getopt_long names the first
    // match and every match that is a different option.
    let rivals = candidates.filter { $0.0.id != first.0.id }
    guard !rivals.isEmpty else { return first }
    let ofLs = candidates.filter { !OptionSpec.lsrowsLongNames.contains($0.1) }
    if let lsFirst = ofLs.first, ofLs.allSatisfy({ $0.0.id == lsFirst.0.id }) {
      return lsFirst
    }
    throw .ambiguousOption(word, candidates: ([first] + rivals).map { "--" + $0.1 })
  }
}

extension Diagnostics {
  /// The text of a failed call, in ls's words for that call.
  static func message(for error: SystemError) -> [UInt8] {
    let what: String
    switch error.call {
    case .status: what = "cannot access "
    case .openDirectory: what = "cannot open directory "
    case .readDirectory: what = "reading directory "
    case .readLink: what = "cannot read symbolic link "
    case .openForReading:
      return Array("cannot open ".utf8) + quotedFileName(error.path)
        + Array(" for reading: \(error.errno)".utf8)
    case .read: what = "error reading "
    case .write: return Array("write error: \(error.errno)".utf8)
    case .readIgnoreFile: what = "cannot read ignore file "
    case .configLine(let line):
      return Array("bad config line \(line) in file ".utf8) + quotedFileName(error.path)
    case .temporaryFile:
      return Array("cannot write a temporary file in ".utf8) + quotedFileName(error.path)
        + Array(": \(error.errno)".utf8)
    }
    var message = Array(what.utf8)
    message.append(contentsOf: quotedFileName(error.path))
    message.append(contentsOf: Array(": \(error.errno)".utf8))
    return message
  }

  static func message(for error: UsageError) -> [UInt8] {
    switch error {
    case .unrecognizedOption(let word):
      return Array("unrecognized option '".utf8) + word + [UInt8(ascii: "'")]
    case .invalidOption(let letter):
      return Array("invalid option -- '".utf8) + [letter, UInt8(ascii: "'")]
    case .ambiguousOption(let word, let candidates):
      let list = candidates.map { "'\($0)'" }.joined(separator: " ")
      return Array("option '".utf8) + word + Array("' is ambiguous; possibilities: \(list)".utf8)
    case .missingArgument(let option):
      return Array("option '\(option)' requires an argument".utf8)
    case .missingShortArgument(let letter):
      return Array("option requires an argument -- '".utf8) + [letter, UInt8(ascii: "'")]
    case .unexpectedArgument(let option):
      return Array("option '\(option)' doesn't allow an argument".utf8)
    case .invalidArgument(let value, let option, let valid):
      return argumentMessage("invalid", value, option, valid)
    case .ambiguousArgument(let value, let option, let valid):
      return argumentMessage("ambiguous", value, option, valid)
    case .invalidNumber(let text, let option):
      return Array("invalid argument ".utf8) + Quoting(.locale).quoted(text)
        + Array(" for '\(option)'\nValid arguments are whole numbers, 0 or more.".utf8)
    case .invalidTemplate(let text, let reason):
      return Array("invalid argument ".utf8) + Quoting(.locale).quoted(text)
        + Array(" for '--format': \(reason)\nValid fields are: \(Field.templateList)".utf8)
        + Array("\nValid escapes are: \(Template.escapeList)".utf8)
    case .invalidQuery(let text, let option, let error):
      return Array("invalid argument ".utf8) + Quoting(.locale).quoted(text)
        + Array(" for '\(option)': \(error.problem) at character \(error.offset + 1)".utf8)
        + Array("\nExpected \(error.expected)".utf8)
    case .notOneRowPerLine(let option, let what, let hint):
      var text = "'\(option)' asks for \(what), and lsrows writes one row per line; "
      text += "ls \(option) makes them"
      if let hint { text += "\n" + hint }
      return Array(text.utf8)
    case .invalidBlockSize(let value, let reason):
      let quoted = Quoting(.locale).quoted(value)
      switch reason {
      case .invalid: return Array("invalid --block-size argument ".utf8) + quoted
      case .invalidSuffix: return Array("invalid suffix in --block-size argument ".utf8) + quoted
      case .tooLarge:
        return Array("--block-size argument ".utf8) + quoted + Array(" too large".utf8)
      }
    case .invalidTimeStyle(let value, let ambiguous):
      return Array((ambiguous ? "ambiguous argument " : "invalid argument ").utf8)
        + Quoting(.locale).quoted(value)
        + Array(" for 'time style'\nValid arguments are:".utf8)
        + Array(
          TimeStyle.words.map { "\n  - [posix-]\($0)" }.joined().utf8)
        + Array("\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format".utf8)
    case .invalidTimeStyleFormat(let value):
      return Array("invalid time style format ".utf8) + Quoting(.locale).quoted(value)
    case .invalidTabSize(let value, let tooLarge):
      return Array("invalid tab size: ".utf8) + Quoting(.locale).quoted(value)
        + (tooLarge ? Array(": Value too large for defined data type".utf8) : [])
    case .invalidWidth(let value):
      return Array("invalid line width: ".utf8) + Quoting(.locale).quoted(value)
    case .extraOperand(let operand, let reason):
      return Array("extra operand ".utf8) + quotedFileName(operand) + Array("\n\(reason)".utf8)
    case .conflictingOptions(let options):
      let list = options.map { "'\($0)'" }.joined(separator: " and ")
      return Array("options \(list) cannot be used together".utf8)
    case .optionWithout(let option, let needs):
      return Array("option '\(option)' applies only with \(needs)".utf8)
    }
  }

  /// argmatch's message: the argument, then every valid word, synonyms on one line.
  private static func argumentMessage(
    _ problem: String, _ value: [UInt8], _ option: String, _ valid: [[String]]
  ) -> [UInt8] {
    var message = Array("\(problem) argument ".utf8)
    message.append(contentsOf: Quoting(.locale).quoted(value))
    message.append(contentsOf: Array(" for '\(option)'\nValid arguments are:".utf8))
    for words in valid {
      let line = words.map { "'\($0)'" }.joined(separator: ", ")
      message.append(contentsOf: Array("\n  - \(line)".utf8))
    }
    return message
  }

  /// A file name quoted as ls quotes names in messages (shell-escape-always).
  static func quotedFileName(_ name: [UInt8]) -> [UInt8] {
    Quoting(.shellEscapeAlways).quoted(name)
  }
}

/// The words an option argument may be, matched as coreutils' argmatch does:
/// a word, or any prefix that names only one value.
struct ArgumentChoices<Value: Equatable & Sendable>: Sendable {
  /// The option the words belong to, as named in messages (`--sort`).
  let option: String
  /// Each value with the words that select it, first word first.
  let choices: [(words: [String], value: Value)]

  func match(_ argument: [UInt8]) throws(UsageError) -> Value {
    var found: Value?
    var ambiguous = false
    for choice in choices {
      for word in choice.words {
        let bytes = Array(word.utf8)
        if bytes == argument { return choice.value }
        if bytes.starts(with: argument) {
          if let earlier = found, earlier != choice.value { ambiguous = true }
          found = choice.value
        }
      }
    }
    let valid = choices.map(\.words)
    if ambiguous {
      throw .ambiguousArgument(argument, option: option, valid: valid)
    }
    guard let found else {
      throw .invalidArgument(argument, option: option, valid: valid)
    }
    return found
  }
}

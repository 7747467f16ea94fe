/// One option the parser accepts: its spellings and whether it takes an argument.
struct OptionSpec: Sendable {
  let id: OptionID
  let short: UInt8?
  let long: [String]
  let argument: ArgumentRequirement

  init(
    _ id: OptionID, short: Character? = nil, long: [String], argument: ArgumentRequirement = .none
  ) {
    self.id = id
    self.short = short.flatMap(\.asciiValue)
    self.long = long
    self.argument = argument
  }
}

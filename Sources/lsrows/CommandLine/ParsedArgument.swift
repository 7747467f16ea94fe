/// One word of the command line, understood.
enum ParsedArgument: Equatable {
  case option(OptionID, argument: [UInt8]?)
  case operand([UInt8])
}

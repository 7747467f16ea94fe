/// One `FIELD OP VALUE` of a `--where` expression, with the value already
/// of the field's type.
///
/// A class, immutable, so that evaluating it for every row copies nothing.
final class Comparison: Sendable {
  /// The value compared with, typed by the field.
  enum Operand: Sendable {
    case number(Int128)
    case time(Timestamp)
    case kind(FileKind)
    case permissions(UInt32)
    /// Bytes, compared byte-wise.
    case text([UInt8])
    case glob(GlobPattern)
    /// A POSIX extended regular expression, compiled once.
    case regex(ExtendedRegex)
  }

  let field: Field
  let op: ComparisonOperator
  let operand: Operand
  /// `lower(FIELD)`: the field's text with ASCII letters lowered.
  let lowersCase: Bool

  init(field: Field, op: ComparisonOperator, operand: Operand, lowersCase: Bool = false) {
    self.field = field
    self.op = op
    self.operand = operand
    self.lowersCase = lowersCase
  }

  /// Whether the row's field satisfies the comparison.
  ///
  /// A value that could not be read, or that the row has no such thing for,
  /// satisfies none.
  func holds(for fields: RowFields) -> Bool {
    guard let value = fields.value(field) else { return false }
    // One switch at a time: a tuple of the value and the operand would copy
    // both, for every row.
    switch value {
    case .text(let text):
      return holds(text)
    case .signed(let number):
      guard case .number(let wanted) = operand else { return false }
      return op.holds(forOrder: Self.order(Int128(number), wanted))
    case .unsigned(let number):
      guard case .number(let wanted) = operand else { return false }
      return op.holds(forOrder: Self.order(Int128(number), wanted))
    case .time(let time):
      guard case .time(let wanted) = operand else { return false }
      return op.holds(forOrder: time < wanted ? -1 : (time == wanted ? 0 : 1))
    case .kind(let kind):
      guard case .kind(let wanted) = operand else { return false }
      return op.holds(forOrder: kind == wanted ? 0 : 1)
    case .permissions(let mode):
      guard case .permissions(let wanted) = operand else { return false }
      return op.holds(forOrder: Self.order(Int128(mode.permissions.rawValue), Int128(wanted)))
    case .mode(let mode):
      var string: [UInt8] = []
      appendModeString(mode, to: &string)
      return holds(FieldText(string))
    case .notApplicable:
      return false
    }
  }

  private func holds(_ text: FieldText) -> Bool {
    if lowersCase { return holdsAsIs(FieldText(Self.lowered(text))) }
    return holdsAsIs(text)
  }

  private func holdsAsIs(_ text: FieldText) -> Bool {
    switch operand {
    case .glob(let pattern): return pattern.matches(text) == (op == .matches)
    case .regex(let regex):
      // A path is a prefix and a name: matched as one value.
      return text.tail.isEmpty ? regex.matches(text.head) : regex.matches(text.bytes[...])
    case .text(let wanted): return op.holds(forOrder: Self.order(text, wanted))
    default: return false
    }
  }

  /// The bytes of `text` with ASCII letters lowered, the others as they are.
  static func lowered(_ text: FieldText) -> [UInt8] {
    var bytes = text.bytes
    for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) {
      bytes[index] |= 0x20
    }
    return bytes
  }

  private static func order(_ a: Int128, _ b: Int128) -> Int {
    a < b ? -1 : (a == b ? 0 : 1)
  }

  /// Byte-wise order of the two parts of `text`, joined, against `wanted`.
  private static func order(_ text: FieldText, _ wanted: [UInt8]) -> Int {
    var index = 0
    for part in [text.head, text.tail] {
      for byte in part {
        guard index < wanted.count else { return 1 }
        if byte != wanted[index] { return byte < wanted[index] ? -1 : 1 }
        index += 1
      }
    }
    return index < wanted.count ? -1 : 0
  }
}

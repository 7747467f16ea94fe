/// A value handed to another thread by a caller that guarantees the two
/// threads never touch the same part of it at once.
struct UncheckedSendable<Value>: @unchecked Sendable {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// The bytes of a text value, in up to two parts, so that a path (the
/// directory's prefix, then the name) is read without joining them.
struct FieldText: Sendable {
  var head: ArraySlice<UInt8>
  var tail: ArraySlice<UInt8>

  init(_ bytes: ArraySlice<UInt8>) {
    head = bytes
    tail = []
  }

  init(_ bytes: [UInt8]) {
    self.init(bytes[...])
  }

  init(head: ArraySlice<UInt8>, tail: ArraySlice<UInt8>) {
    self.head = head
    self.tail = tail
  }

  var count: Int {
    head.count + tail.count
  }

  var isEmpty: Bool {
    head.isEmpty && tail.isEmpty
  }

  /// Whether any byte satisfies `predicate`.
  func contains(where predicate: (UInt8) -> Bool) -> Bool {
    head.contains(where: predicate) || tail.contains(where: predicate)
  }

  /// Appends the bytes, in order.
  func append(to output: inout [UInt8]) {
    output.append(contentsOf: head)
    output.append(contentsOf: tail)
  }

  /// The bytes joined into one array.
  var bytes: [UInt8] {
    tail.isEmpty ? Array(head) : Array(head) + tail
  }
}

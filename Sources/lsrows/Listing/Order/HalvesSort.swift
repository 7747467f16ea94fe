/// Sorts a large buffer as ``introsort(_:depthLimit:by:)`` does, in two
/// halves at once, then merges them.
///
/// A listing sorted by a status (`-S`, `-t`, `-l`) sorts only after every
/// status is read, so the sort of a large directory is time the reading
/// threads no longer share. Sorted on two threads and merged in one pass,
/// it takes a little over half as long.
enum HalvesSort {
  /// Below this many elements one thread sorts faster than two start.
  static let threshold = 1 << 15

  /// Sorts `elements` by `areInIncreasingOrder`, a strict total order.
  ///
  /// Without room for a copy of the left half, or below ``threshold``, it
  /// sorts on this thread alone; the order is the same either way.
  @inline(__always)
  static func sort<Element>(
    _ elements: UnsafeMutableBufferPointer<Element>,
    by areInIncreasingOrder: (Element, Element) -> Bool
  ) {
    let count = elements.count
    let middle = count / 2
    guard count >= threshold, let left = try? Memory.allocate(Element.self, capacity: middle)
    else {
      introsort(elements, by: areInIncreasingOrder)
      return
    }
    defer { left.deallocate() }
    // Disjoint halves: each thread writes only its own, and reads the
    // comparison's data, which nothing writes.
    _ = Threads.runConcurrently(parts: 2) { part in
      introsort(
        UnsafeMutableBufferPointer(rebasing: part == 0 ? elements[..<middle] : elements[middle...]),
        by: areInIncreasingOrder)
    }
    // The left half moves aside and the merge fills the buffer from the
    // front: it never writes past the next element of the right half it
    // has yet to read, so only half the buffer is copied.
    _ = left.moveInitialize(
      fromContentsOf: UnsafeMutableBufferPointer(rebasing: elements[..<middle]))
    var fromLeft = 0
    var fromRight = middle
    var next = 0
    while fromLeft < middle && fromRight < count {
      if areInIncreasingOrder(elements[fromRight], left[fromLeft]) {
        (elements.baseAddress! + next).initialize(to: (elements.baseAddress! + fromRight).move())
        fromRight += 1
      } else {
        (elements.baseAddress! + next).initialize(to: (left.baseAddress! + fromLeft).move())
        fromLeft += 1
      }
      next += 1
    }
    // What is left of the right half is in place already.
    while fromLeft < middle {
      (elements.baseAddress! + next).initialize(to: (left.baseAddress! + fromLeft).move())
      fromLeft += 1
      next += 1
    }
  }
}

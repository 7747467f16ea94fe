/// A binary heap in an array, kept by `comesFirst`.
///
/// The element that comes before every other is at index 0, each parent
/// before (or tied with) its children. ``TreeRows`` keeps the worst of its
/// best rows on top, ``ExternalSort`` the run whose next record comes first.
enum Heap {
  /// Moves the element at `start` up to its place.
  static func siftUp<Element>(
    _ heap: inout [Element], from start: Int, by comesFirst: (Element, Element) -> Bool
  ) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard comesFirst(heap[child], heap[parent]) else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// Moves the element at `start` down to its place.
  static func siftDown<Element>(
    _ heap: inout [Element], from start: Int, by comesFirst: (Element, Element) -> Bool
  ) {
    var parent = start
    while true {
      var first = parent
      for child in 2 * parent + 1...2 * parent + 2
      where child < heap.count && comesFirst(heap[child], heap[first]) {
        first = child
      }
      guard first != parent else { return }
      heap.swapAt(parent, first)
      parent = first
    }
  }
}

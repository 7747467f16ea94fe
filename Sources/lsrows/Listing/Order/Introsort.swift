/// Sorts `elements` in place with an unstable introsort: quicksort with a
/// median-of-three pivot, insertion sort for short ranges, and heapsort when
/// the recursion gets deep, so it is O(n log n) on any input.
///
/// The standard library's sort is stable, and pays for that by moving
/// elements through a merge buffer; lsrows' orders are total (ties are broken
/// by name, as in ls), so stability buys nothing here.
///
/// - Parameters:
///   - elements: What to sort, in place.
///   - depthLimit: How many levels of quicksort before heapsort takes over;
///     twice the binary logarithm of the count unless a test says otherwise.
///   - areInIncreasingOrder: A strict weak order.
@inline(__always)
func introsort<Element>(
  _ elements: UnsafeMutableBufferPointer<Element>,
  depthLimit: Int? = nil,
  by areInIncreasingOrder: (Element, Element) -> Bool
) {
  guard elements.count > 1 else { return }
  var depthLimit = depthLimit ?? 2 * (Int.bitWidth - elements.count.leadingZeroBitCount)
  introsortRange(elements, 0, elements.count, &depthLimit, areInIncreasingOrder)
}

/// Ranges this short are finished by insertion sort.
let insertionSortThreshold = 20

@inline(__always)
private func introsortRange<Element>(
  _ a: UnsafeMutableBufferPointer<Element>,
  _ start: Int, _ end: Int,
  _ depthLimit: inout Int,
  _ less: (Element, Element) -> Bool
) {
  var start = start
  var end = end
  while end - start > insertionSortThreshold {
    if depthLimit == 0 {
      heapsort(a, start, end, less)
      return
    }
    depthLimit -= 1
    let pivotIndex = partition(a, start, end, less)
    // Recurse into the smaller side, loop on the larger: the stack stays O(log n).
    if pivotIndex - start < end - pivotIndex {
      var limit = depthLimit
      introsortRange(a, start, pivotIndex, &limit, less)
      start = pivotIndex + 1
    } else {
      var limit = depthLimit
      introsortRange(a, pivotIndex + 1, end, &limit, less)
      end = pivotIndex
    }
  }
  insertionSort(a, start, end, less)
}

/// Partitions `a[start..<end]` around a median-of-three pivot and returns
/// the pivot's final index.
@inline(__always)
private func partition<Element>(
  _ a: UnsafeMutableBufferPointer<Element>,
  _ start: Int, _ end: Int,
  _ less: (Element, Element) -> Bool
) -> Int {
  let middle = start + (end - start) / 2
  let last = end - 1
  if less(a[middle], a[start]) { a.swapAt(middle, start) }
  if less(a[last], a[start]) { a.swapAt(last, start) }
  if less(a[last], a[middle]) { a.swapAt(last, middle) }
  // Now a[start] <= a[middle] <= a[last]; park the pivot before the end.
  a.swapAt(middle, last - 1)
  let pivot = a[last - 1]
  var low = start
  var high = last - 1
  while true {
    // The bounds checks keep a comparison that is not a strict weak order
    // (a bug, or a file system that changes under us) from running off
    // the buffer: the sort may then be wrong, but never unsafe.
    low += 1
    while low < last - 1 && less(a[low], pivot) { low += 1 }
    high -= 1
    while high > start && less(pivot, a[high]) { high -= 1 }
    if low >= high { break }
    a.swapAt(low, high)
  }
  a.swapAt(low, last - 1)
  return low
}

@inline(__always)
private func insertionSort<Element>(
  _ a: UnsafeMutableBufferPointer<Element>,
  _ start: Int, _ end: Int,
  _ less: (Element, Element) -> Bool
) {
  guard end - start > 1 else { return }
  for index in (start + 1)..<end {
    let element = a[index]
    var hole = index
    while hole > start && less(element, a[hole - 1]) {
      a[hole] = a[hole - 1]
      hole -= 1
    }
    a[hole] = element
  }
}

private func heapsort<Element>(
  _ a: UnsafeMutableBufferPointer<Element>,
  _ start: Int, _ end: Int,
  _ less: (Element, Element) -> Bool
) {
  let count = end - start
  func siftDown(_ root: Int, _ limit: Int) {
    var root = root
    while true {
      var child = 2 * root + 1
      if child >= limit { return }
      if child + 1 < limit && less(a[start + child], a[start + child + 1]) { child += 1 }
      if !less(a[start + root], a[start + child]) { return }
      a.swapAt(start + root, start + child)
      root = child
    }
  }
  for root in stride(from: count / 2 - 1, through: 0, by: -1) {
    siftDown(root, count)
  }
  for last in stride(from: count - 1, to: 0, by: -1) {
    a.swapAt(start, start + last)
    siftDown(0, last)
  }
}

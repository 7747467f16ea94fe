/// Sorts a large list byte-wise by name, at a cost that does not depend on
/// where names differ.
///
/// Comparing names costs little while their first bytes differ and a
/// `memcmp` per comparison once they share a prefix (`IMG_20261130_…`,
/// `file_0000123.txt`). This sort skips what every name shares, reads the
/// next sixteen bytes of each name once, in the order the names are stored,
/// and sorts (key, position) items by them with an LSD radix sort that
/// skips the bytes no key differs in; names that share those sixteen bytes
/// too are sorted by the next eight, and so on.
enum NameSort {
  /// Below this many entries a comparison sort is as fast.
  static let threshold = 4096

  private struct Item {
    /// The first eight bytes of the key, then the next eight.
    var key: UInt64
    var next: UInt64
    var position: UInt32
  }

  /// Sorts `list`'s entries by name, ascending, or descending for `reversed`.
  ///
  /// - Returns: `false`, sorting nothing, when there is no room for the
  ///   sort's two buffers of keys; the caller then sorts in place.
  static func sort(_ list: inout EntryList, reversed: Bool) -> Bool {
    list.names.withUnsafeBufferPointer { names in
      list.entries.withUnsafeMutableBufferPointer { entries in
        sort(entries, names: names.baseAddress!, reversed: reversed)
      }
    }
  }

  /// Sorts `entries`, whose names are in `names`, by name, ascending, or
  /// descending for `reversed`.
  ///
  /// - Returns: `false`, sorting nothing, when there is no room for the
  ///   sort's two buffers of keys (48 bytes an entry).
  static func sort(
    _ entries: UnsafeMutableBufferPointer<Entry>, names: UnsafePointer<UInt8>, reversed: Bool
  ) -> Bool {
    let count = entries.count
    guard let items = try? Memory.allocate(Item.self, capacity: count) else { return false }
    defer { items.deallocate() }
    guard let scratch = try? Memory.allocate(Item.self, capacity: count) else { return false }
    defer { scratch.deallocate() }
    let shared = commonPrefixLength(entries, names)
    for position in 0..<count {
      items[position] = Item(
        key: entries[position].nameWord(at: shared, in: names),
        next: entries[position].nameWord(at: shared + 8, in: names),
        position: UInt32(position))
    }
    radixSort(items, scratch: scratch)
    resolveTies(items, entries, names, offset: shared + 16)
    permute(entries, into: items, reversed: reversed)
    return true
  }

  /// How many bytes every name begins with.
  private static func commonPrefixLength(
    _ entries: UnsafeMutableBufferPointer<Entry>, _ names: UnsafePointer<UInt8>
  ) -> Int {
    guard let first = entries.first else { return 0 }
    let firstName = names + Int(first.nameOffset)
    var shared = Int(first.nameLength)
    for entry in entries.dropFirst() {
      let name = names + Int(entry.nameOffset)
      let limit = min(shared, Int(entry.nameLength))
      var index = 0
      while index < limit && name[index] == firstName[index] { index += 1 }
      shared = index
      if shared == 0 { break }
    }
    return shared
  }

  /// LSD radix sort by (key, next), a byte at a time, skipping the bytes
  /// that are the same in every item.
  private static func radixSort(
    _ items: UnsafeMutableBufferPointer<Item>, scratch: UnsafeMutableBufferPointer<Item>
  ) {
    let count = items.count
    // Digits 0..<8 are `next`'s bytes from the least significant, 8..<16 `key`'s.
    var histograms = [Int](repeating: 0, count: 16 * 256)
    histograms.withUnsafeMutableBufferPointer { histograms in
      for item in items {
        var next = item.next
        var key = item.key
        for digit in 0..<8 {
          histograms[digit * 256 + Int(next & 0xFF)] += 1
          histograms[(digit + 8) * 256 + Int(key & 0xFF)] += 1
          next >>= 8
          key >>= 8
        }
      }
      var source = items
      var target = scratch
      for digit in 0..<16 {
        let counts = UnsafeMutableBufferPointer(
          rebasing: histograms[(digit * 256)..<(digit * 256 + 256)])
        if counts.contains(count) { continue }
        var offset = 0
        for bucket in 0..<256 {
          let size = counts[bucket]
          counts[bucket] = offset
          offset += size
        }
        let shift = UInt64(digit % 8 * 8)
        if digit < 8 {
          for item in source {
            let bucket = Int((item.next >> shift) & 0xFF)
            target[counts[bucket]] = item
            counts[bucket] += 1
          }
        } else {
          for item in source {
            let bucket = Int((item.key >> shift) & 0xFF)
            target[counts[bucket]] = item
            counts[bucket] += 1
          }
        }
        swap(&source, &target)
      }
      if source.baseAddress != items.baseAddress {
        _ = items.update(fromContentsOf: source)
      }
    }
  }

  /// Sorts each run of equal keys by the next eight bytes, and so on until
  /// every run is one name (or equal names).
  private static func resolveTies(
    _ items: UnsafeMutableBufferPointer<Item>, _ entries: UnsafeMutableBufferPointer<Entry>,
    _ names: UnsafePointer<UInt8>, offset: Int
  ) {
    var start = 0
    while start < items.count {
      var end = start + 1
      while end < items.count && items[end].key == items[start].key
        && items[end].next == items[start].next
      {
        end += 1
      }
      if end - start > 1 {
        let run = UnsafeMutableBufferPointer(rebasing: items[start..<end])
        // Names that all ended before `offset` are equal: nothing to order.
        if run.contains(where: { Int(entries[Int($0.position)].nameLength) > offset }) {
          for index in run.indices {
            run[index].key = entries[Int(run[index].position)].nameWord(at: offset, in: names)
            run[index].next = 0
          }
          introsort(run) { $0.key < $1.key }
          resolveTies(run, entries, names, offset: offset + 8)
        }
      }
      start = end
    }
  }

  /// Puts the entries in the order of `items`, in place: each cycle of
  /// the permutation moves through one held entry, so no copy of the
  /// entries is needed.
  private static func permute(
    _ entries: UnsafeMutableBufferPointer<Entry>, into order: UnsafeMutableBufferPointer<Item>,
    reversed: Bool
  ) {
    var items = order
    if reversed { items.reverse() }
    // No position reaches `UInt32.max` (names are at 32-bit offsets), so
    // it marks the ranks already filled.
    for start in items.indices where items[start].position != .max {
      let held = entries[start]
      var rank = start
      while true {
        let source = Int(items[rank].position)
        items[rank].position = .max
        if source == start {
          entries[rank] = held
          break
        }
        entries[rank] = entries[source]
        rank = source
      }
    }
  }
}

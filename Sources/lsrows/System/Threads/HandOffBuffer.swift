/// Gathers items for another thread into groups, so that many small items
/// (a tree of small directories) do not wake the consumer once each.
///
/// A group is ready when its items weigh `weightLimit` together, or when
/// it holds `countLimit` items. Each group is a fresh array: reusing one
/// after handing it over would rely on a uniqueness check that does not
/// order this thread's writes after the consumer's reads (a data race).
struct HandOffBuffer<Item> {
  private var pending: [Item] = []
  private var pendingWeight = 0
  private let weightLimit: Int
  private let countLimit: Int
  /// Groups ready to hand over, in order.
  private var ready: [[Item]] = []
  /// Whether no more items are taken.
  private(set) var isStopped = false
  /// The most items a new group makes room for at once.
  private static var largestReserved: Int { 1024 }

  /// - Parameters:
  ///   - weightLimit: The total weight that makes a group.
  ///   - countLimit: The number of items that makes a group.
  init(weightLimit: Int, countLimit: Int) {
    self.weightLimit = max(1, weightLimit)
    self.countLimit = max(1, countLimit)
  }

  /// Whether a group is ready to take.
  var hasGroup: Bool {
    !ready.isEmpty
  }

  /// Adds an item, closing the group when it is full.
  mutating func append(_ item: consuming Item, weight: Int) {
    guard !isStopped else { return }
    // A group is made whole at once rather than by doubling, which grew
    // it eight times on its way to 256 items.
    if pending.isEmpty { pending.reserveCapacity(min(countLimit, Self.largestReserved)) }
    pending.append(item)
    pendingWeight += weight
    if pendingWeight >= weightLimit || pending.count >= countLimit {
      flush()
    }
  }

  /// Closes the group of whatever is pending.
  mutating func flush() {
    guard !pending.isEmpty else { return }
    var group: [Item] = []
    swap(&group, &pending)
    pendingWeight = 0
    ready.append(group)
  }

  /// The oldest ready group, if any.
  mutating func takeGroup() -> [Item]? {
    ready.isEmpty ? nil : ready.removeFirst()
  }

  /// Takes no more items; what is pending or ready stays to be taken.
  mutating func stop() {
    flush()
    isStopped = true
  }
}

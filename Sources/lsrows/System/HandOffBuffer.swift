/// Gathers items for another thread and hands them over in groups, so that
/// many small items (a tree of small directories) do not wake the consumer
/// once each.
///
/// A group goes when its items weigh `weightLimit` together, or when it
/// holds `countLimit` items. Each group is a fresh array: reusing one after
/// handing it over would rely on a uniqueness check that does not order
/// this thread's writes after the consumer's reads (a data race).
struct HandOffBuffer<Item> {
  private var pending: [Item] = []
  private var pendingWeight = 0
  private let weightLimit: Int
  private let countLimit: Int
  private let handOff: ([Item]) -> Bool
  /// Whether the consumer stopped taking groups.
  private(set) var isStopped = false

  /// - Parameters:
  ///   - weightLimit: The total weight that sends a group.
  ///   - countLimit: The number of items that sends a group.
  ///   - handOff: Takes a group; returns `false` once the consumer stopped.
  init(weightLimit: Int, countLimit: Int, handOff: @escaping ([Item]) -> Bool) {
    self.weightLimit = max(1, weightLimit)
    self.countLimit = max(1, countLimit)
    self.handOff = handOff
  }

  /// Adds an item, handing the group over when it is full.
  mutating func append(_ item: Item, weight: Int) {
    guard !isStopped else { return }
    pending.append(item)
    pendingWeight += weight
    if pendingWeight >= weightLimit || pending.count >= countLimit {
      flush()
    }
  }

  /// Hands over whatever is pending.
  mutating func flush() {
    guard !pending.isEmpty, !isStopped else { return }
    var group: [Item] = []
    swap(&group, &pending)
    pendingWeight = 0
    if !handOff(group) { isStopped = true }
  }

  /// Stops taking items (the walk ends early); pending ones are dropped.
  mutating func stop() {
    isStopped = true
    pending.removeAll()
  }
}

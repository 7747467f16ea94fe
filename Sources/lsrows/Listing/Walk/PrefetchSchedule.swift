/// Which directory the prefetch reads next, and what the walk gets when it
/// asks for one: the policy of reading ahead, with no threads, locks or
/// system calls in it (``DirectoryPrefetch`` is the mechanism).
///
/// The walk wants directories in pre-order. Whoever reads a directory (the
/// walk or the helper) queues its subdirectories on a stack, first on top,
/// each with a number. The helper reads the top one nobody has begun; the
/// walk asks for the one it wants next by its number:
///
/// ```
/// state of the number   the walk gets
/// ───────────────────   ─────────────────────────────────────────────
/// read                  what was read                 (.read)
/// reading               the top one nobody has begun, to read meanwhile
///                       (.readMeanwhile), or else nothing: it waits
/// pending, or unknown   the task of reading it itself (.readItYourself)
/// ```
///
/// While the walk is in one subtree the helper is mostly in the next
/// sibling's, so both read at once. What is read and not yet taken is
/// bounded, in directories and in entries.
///
/// `Outcome` is what reading a directory gave; the schedule only keeps it.
struct PrefetchSchedule<Outcome> {
  /// A directory to read, by its path.
  struct Request {
    let id: Int
    /// The path from the working directory, `/`-terminated, then a NUL, so
    /// that it is opened and made the rows' location without a copy.
    var path: [UInt8]
    /// The depth of its entries.
    let depth: Int
    /// `--gitignore`: the rules of the directory it is in.
    let parentScope: GitIgnoreScope?
    /// The directory it is in, kept open on a slow file system, to open it
    /// from by its name.
    let parent: OpenParent?
  }

  /// What the walk is to do about the directory it asked for.
  enum Answer {
    /// It was read: here it is.
    case read(Outcome)
    /// Nobody read it, and nobody will: the walk reads it.
    case readItYourself
    /// It is being read; meanwhile the walk reads this one, for later.
    case readMeanwhile(Request)
    /// It is being read and nothing else waits: the walk waits for it.
    case waitForIt
  }

  private enum State {
    case pending
    case reading
    case read(Outcome, entries: Int)
    /// Handed to the walk, or read by it: done with.
    case taken
  }

  /// The number of a subdirectory that is not prefetched.
  static var unrequested: Int { -1 }

  /// How far reading may get ahead of the walk.
  let directoryLimit: Int
  let entryLimit: Int
  /// How many more directories may be begun ahead of the walk, over the
  /// whole walk (``WalkConfiguration/rowLimit``).
  private var readAheadBudget: Int
  private var stack: [Request] = []
  /// By number.
  private var states: [State] = []
  private var readDirectories = 0
  private var readEntries = 0

  init(directoryLimit: Int, entryLimit: Int, readAheadBudget: Int = .max) {
    self.directoryLimit = directoryLimit
    self.entryLimit = entryLimit
    self.readAheadBudget = readAheadBudget
  }

  /// Numbers `paths` one after the other and queues them, the first on
  /// top, leaving `paths` empty; they are in `parent` when it is kept open.
  ///
  /// A path too long to open whole (`nil`), and with `leavingFirst` the
  /// first (the walk wants it next and reads it itself), is numbered as
  /// taken and not queued.
  ///
  /// - Returns: The numbers, in the order the walk descends.
  mutating func enqueue(
    _ paths: inout [[UInt8]?], depth: Int, parentScope: GitIgnoreScope?,
    parent: OpenParent? = nil, leavingFirst: Bool
  ) -> Range<Int> {
    let first = states.count
    for (index, path) in paths.enumerated() {
      states.append(path == nil || (leavingFirst && index == 0) ? .taken : .pending)
    }
    for index in paths.indices.reversed() where !(leavingFirst && index == 0) {
      guard let path = paths[index].take() else { continue }
      stack.append(
        Request(
          id: first + index, path: path, depth: depth, parentScope: parentScope, parent: parent))
    }
    paths.removeAll(keepingCapacity: true)
    return first..<states.count
  }

  /// How many requests are queued, a few of which the walk may have
  /// taken already.
  var queuedRequests: Int {
    stack.count
  }

  /// Whether the helper has something to do: a request to pop, and room
  /// for what it reads.
  var hasWorkForHelper: Bool {
    !stack.isEmpty && readAheadBudget > 0 && readDirectories < directoryLimit
      && readEntries < entryLimit
  }

  /// The top request nobody has begun, marked as being read; `nil` when
  /// there is none or no room.
  mutating func nextForHelper() -> Request? {
    guard readDirectories < directoryLimit && readEntries < entryLimit else { return nil }
    return popPending()
  }

  /// Whether the walk, wanting directory `id`, has anything to do but wait.
  func walkCanProceed(wanting id: Int) -> Bool {
    guard id != Self.unrequested, case .reading = states[id] else { return true }
    return !stack.isEmpty && readAheadBudget > 0
  }

  /// What the walk is to do about directory `id`, which it wants next.
  mutating func take(_ id: Int) -> Answer {
    guard id != Self.unrequested else { return .readItYourself }
    switch states[id] {
    case .read(let outcome, let entries):
      states[id] = .taken
      readDirectories -= 1
      readEntries -= entries
      return .read(outcome)
    case .reading:
      return popPending().map(Answer.readMeanwhile) ?? .waitForIt
    case .pending:
      states[id] = .taken
      return .readItYourself
    case .taken:
      return .readItYourself
    }
  }

  /// Stores what reading `request` gave, with its `entries`, numbering and
  /// queueing its subdirectories, whose paths it takes.
  ///
  /// With it, so that the walk, which may take it at once and descend,
  /// finds them known.
  mutating func publish(
    _ outcome: Outcome, entries: Int, of request: Request, scope: GitIgnoreScope?,
    subdirectories: inout [[UInt8]?], in parent: OpenParent? = nil
  ) -> Range<Int> {
    let numbers = enqueue(
      &subdirectories, depth: request.depth + 1, parentScope: scope, parent: parent,
      leavingFirst: false)
    readDirectories += 1
    readEntries += entries
    states[request.id] = .read(outcome, entries: entries)
    return numbers
  }

  /// Gives `request` back unread: whoever wants it reads it (the reader
  /// had no descriptor left, and the walk has its own remedy).
  mutating func giveBack(_ request: Request) {
    states[request.id] = .pending
    readAheadBudget += 1
  }

  /// The top request nobody has begun, marked as being read.
  private mutating func popPending() -> Request? {
    guard readAheadBudget > 0 else { return nil }
    while let request = stack.popLast() {
      if case .pending = states[request.id] {
        states[request.id] = .reading
        readAheadBudget -= 1
        return request
      }
    }
    return nil
  }
}

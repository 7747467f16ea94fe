import Glibc
import Testing

@testable import lsrows

/// The concurrency toolkit, under ThreadSanitizer in `make test-sanitize`.
///
/// Threads start with cancellation off and are joined; the monitor wakes
/// waiters; the queue hands items over in order within its bound; a
/// producer's batches arrive in order.
@Suite struct ThreadsTests {
  @Test func aStartedThreadRunsItsWorkWithCancellationOff() {
    let seen = Monitor((runs: 0, state: Int32(-1), type: Int32(-1)))
    let start = Threads.start(seen) { seen in
      var state: Int32 = 0
      var type: Int32 = 0
      // Setting a value returns the one before; these are the values the
      // thread should have already, so nothing changes.
      pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), &state)
      pthread_setcanceltype(Int32(PTHREAD_CANCEL_ASYNCHRONOUS), &type)
      seen.withLock { $0 = ($0.runs + 1, state, type) }
    }
    guard case .started(let thread) = consume start else {
      Issue.record("no thread started")
      return
    }
    thread.join()
    let after = seen.withLock { $0 }
    #expect(after.runs == 1)
    #expect(after.state == Int32(PTHREAD_CANCEL_DISABLE))
    #expect(after.type == Int32(PTHREAD_CANCEL_ASYNCHRONOUS))
  }

  /// Threads claiming blocks of a range get each element once between them.
  @Test(arguments: [(0, 2), (1, 2), (5, 16), (4095, 2), (100_000, 2), (70, 7)])
  func blockClaimsHandOutEveryElementOnce(count: Int, parts: Int) {
    let claims = BlockClaims(count: count, parts: parts)
    let claimed = Threads.runConcurrently(parts: parts) { _ in
      var mine: [Range<Int>] = []
      while let block = claims.claim() { mine.append(block) }
      return mine
    }
    let blocks = claimed.joined().sorted { $0.lowerBound < $1.lowerBound }
    #expect(blocks.allSatisfy { !$0.isEmpty && $0.count <= 1024 })
    #expect(blocks.map(\.lowerBound) == Array([0] + blocks.map(\.upperBound)).dropLast())
    #expect((blocks.last?.upperBound ?? 0) == count)
    #expect(claims.claim() == nil)
  }

  @Test(arguments: [0, 1, 2, 7, 16])
  func partsRunAtOnceAndComeBackInOrder(parts: Int) {
    let started = Monitor(0, conditions: 1)
    let everyoneStarted = Monitor<Int>.Condition(0)
    let results = Threads.runConcurrently(parts: parts) { part -> Int in
      // Each part waits until all have started: on one thread after
      // another this would never end.
      started.withLock { count in
        count += 1
        started.broadcast(everyoneStarted)
      }
      started.withLock(waitingOn: everyoneStarted, until: { $0 == parts }) { _ in }
      return part * part
    }
    #expect(results == (0..<parts).map { $0 * $0 })
  }

  /// Parts run at once on threads that wait between calls: a second call
  /// with as many parts starts no thread.
  @Test func partsOfASecondCallRunOnTheFirstCallsThreads() {
    let threads = ParkedThreads()
    for round in 0..<3 {
      let started = Monitor(0, conditions: 1)
      let everyoneStarted = Monitor<Int>.Condition(0)
      let results = Threads.runConcurrently(parts: 3, threads: threads) { part -> Int in
        // Each waits for the others, so that three threads run them.
        started.withLock { count in
          count += 1
          started.broadcast(everyoneStarted)
        }
        started.withLock(waitingOn: everyoneStarted, until: { $0 == 3 }, { _ in })
        return round * 10 + part
      }
      #expect(results == [round * 10, round * 10 + 1, round * 10 + 2])
    }
    #expect(threads.startedThreads == 2)
  }

  /// Threads that join work already under way, one at a time: each runs at
  /// once with the others, and their results come back in the order they
  /// started, once all are joined.
  @Test func aCrewJoinsWorkUnderWayAndComesBackInOrder() {
    let started = Monitor(0, conditions: 1)
    let everyoneStarted = Monitor<Int>.Condition(0)
    let crew = Threads.Crew<Int>(capacity: 3)
    for member in 1...3 {
      let joined = crew.start {
        started.withLock { count in
          count += 1
          started.broadcast(everyoneStarted)
        }
        // Each waits for the others: run one after another, none would end.
        started.withLock(waitingOn: everyoneStarted, until: { $0 == 3 }) { _ in }
        return member * 10
      }
      #expect(joined)
    }
    #expect(!crew.start { 0 })
    #expect(crew.count == 3)
    #expect(crew.finish() == [10, 20, 30])
  }

  /// The work of a large directory on a slow file system: the calling
  /// thread claims blocks and a crew joins it part way; every element is
  /// claimed once between them.
  @Test func aCrewJoiningPartWayLeavesNoElementUnclaimedOrTwice() {
    let count = 10_000
    let claims = BlockClaims(count: count, parts: 8)
    let claimAll = { () -> [Range<Int>] in
      var mine: [Range<Int>] = []
      while let block = claims.claim() { mine.append(block) }
      return mine
    }
    let crew = Threads.Crew<[Range<Int>]>(capacity: 7)
    var mine: [Range<Int>] = []
    while let block = claims.claim() {
      mine.append(block)
      if mine.count % 3 == 0 && crew.count < crew.capacity { _ = crew.start(claimAll) }
    }
    #expect(crew.count > 0)
    #expect(claims.unclaimed == 0)
    let blocks = (crew.finish() + [mine]).joined().sorted { $0.lowerBound < $1.lowerBound }
    #expect(blocks.map(\.lowerBound) == Array([0] + blocks.map(\.upperBound)).dropLast())
    #expect(blocks.last?.upperBound == count)
  }

  /// A crew's threads wait for the next crew instead of ending: a second
  /// crew as large as the first starts no thread.
  @Test func aSecondCrewRunsOnTheFirstCrewsThreads() {
    let threads = ParkedThreads()
    for round in 0..<3 {
      // Each piece waits for the other to start, so that the two run on
      // two threads: one thread could otherwise run both, one after the
      // other.
      let started = Monitor(0, conditions: 1)
      let bothStarted = Monitor<Int>.Condition(0)
      let piece = { (value: Int) -> Int in
        started.withLock { count in
          count += 1
          started.broadcast(bothStarted)
        }
        started.withLock(waitingOn: bothStarted, until: { $0 == 2 }, { _ in })
        return value
      }
      let crew = Threads.Crew<Int>(capacity: 2, threads: threads)
      #expect(crew.start { piece(round * 10 + 1) })
      #expect(crew.start { piece(round * 10 + 2) })
      #expect(crew.finish() == [round * 10 + 1, round * 10 + 2])
      #expect(threads.waitingThreads == 2)
    }
    #expect(threads.startedThreads == 2)
  }

  /// A thread waiting for the next piece of work holds nothing the last
  /// one reached: what a crew's work captured goes with the crew.
  @Test func aWaitingThreadKeepsNothingOfItsLastWork() {
    final class Captured {}
    weak var captured: Captured?
    let threads = ParkedThreads()
    do {
      let value = Captured()
      captured = value
      let crew = Threads.Crew<Bool>(capacity: 1, threads: threads)
      #expect(crew.start { withExtendedLifetime(value) { true } })
      #expect(crew.finish() == [true])
    }
    #expect(threads.waitingThreads == 1)
    #expect(captured == nil)
  }

  /// Crews made at once on several threads share the waiting threads:
  /// every result comes back to its own crew, and no more threads start
  /// than pieces of work ran at once.
  @Test func crewsOnSeveralThreadsShareTheWaitingOnes() {
    let threads = ParkedThreads()
    let callers = 4
    let capacity = 3
    let sums = Threads.runConcurrently(parts: callers) { caller -> Int in
      var sum = 0
      for crewNumber in 0..<50 {
        let crew = Threads.Crew<Int>(capacity: capacity, threads: threads)
        for member in 0..<capacity {
          let value = caller * 1_000_000 + crewNumber * 100 + member
          if !crew.start({ value }) { sum += value }
        }
        sum += crew.finish().reduce(0, +)
      }
      return sum
    }
    let expected = (0..<callers).map { caller in
      (0..<50).reduce(0) { sum, crewNumber in
        sum + (0..<capacity).reduce(0) { $0 + caller * 1_000_000 + crewNumber * 100 + $1 }
      }
    }
    #expect(sums == expected)
    #expect(threads.startedThreads <= callers * capacity)
    #expect(threads.startedThreads > 0)
  }

  @Test func anAllowanceGivesNoMoreThanItHas() {
    let allowance = Allowance(5)
    #expect(allowance.take(upTo: 3) == 3)
    #expect(allowance.take(upTo: 3) == 2)
    #expect(allowance.take(upTo: 1) == 0)
    allowance.giveBack(4)
    #expect(allowance.take(upTo: 9) == 4)
    #expect(allowance.take(upTo: 0) == 0)
  }

  @Test func disablingTurnsCancellationOffOnThisThread() {
    var state: Int32 = 0
    var type: Int32 = 0
    pthread_setcancelstate(Int32(PTHREAD_CANCEL_ENABLE), &state)
    pthread_setcanceltype(Int32(PTHREAD_CANCEL_DEFERRED), &type)
    defer {
      // The type first: this test's thread belongs to the test runner.
      pthread_setcanceltype(type, nil)
      pthread_setcancelstate(state, nil)
    }
    ThreadCancellation.disable()
    var now: Int32 = 0
    pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), &now)
    #expect(now == Int32(PTHREAD_CANCEL_DISABLE))
    pthread_setcanceltype(Int32(PTHREAD_CANCEL_ASYNCHRONOUS), &now)
    #expect(now == Int32(PTHREAD_CANCEL_ASYNCHRONOUS))
  }

  @Test func partsWriteDisjointWorkAndReturnTheirResults() {
    var halves = [Int](repeating: 0, count: 10_000)
    let results = halves.withUnsafeMutableBufferPointer { buffer in
      Threads.runConcurrently(parts: 2) { part -> String in
        for index in part * 5000..<(part + 1) * 5000 { buffer[index] = index }
        return part == 0 ? "one" : "two"
      }
    }
    #expect(results == ["one", "two"])
    #expect(halves == Array(0..<10_000))
  }

  @Test func aWaiterWakesWhenTheStateIsReady() {
    let monitor = Monitor(0, conditions: 1)
    let changed = Monitor<Int>.Condition(0)
    let start = Threads.start(monitor) { monitor in
      for _ in 0..<100 {
        monitor.withLock { count in
          count += 1
          monitor.signal(changed)
        }
      }
    }
    let seen = monitor.withLock(waitingOn: changed, until: { $0 == 100 }, { $0 })
    #expect(seen == 100)
    if case .started(let thread) = consume start { thread.join() }
  }

  @Test(arguments: [1, 2, 3, 5, 10])
  func theQueueHandsOverEveryItemInOrderWithinItsBound(capacity: Int) {
    let queue = HandOffQueue<Int>(capacity: capacity)
    let start = Threads.start(queue) { queue in
      for item in 0..<1000 { _ = queue.append(item) }
      queue.finish()
    }
    var received: [Int] = []
    while case let items = queue.next(), !items.isEmpty {
      #expect(items.count <= capacity)
      received += items
    }
    #expect(received == Array(0..<1000))
    if case .started(let thread) = consume start { thread.join() }
  }

  @Test func aStoppedQueueRefusesItemsAndReleasesTheProducer() {
    let queue = HandOffQueue<Int>(capacity: 1)
    let appended = Monitor(0)
    let start = Threads.start(queue) { queue in
      // The second append waits for room until the stop.
      while queue.append(1) { appended.withLock { $0 += 1 } }
      queue.finish()
    }
    #expect(queue.next() == [1])
    queue.stop()
    if case .started(let thread) = consume start { thread.join() }
    #expect(appended.withLock { $0 } >= 1)
    #expect(!queue.append(2))
  }

  /// Counts to a limit, a batch at a time.
  struct Counter: BatchProducer {
    var count = 0
    let limit: Int

    mutating func next() -> Int? {
      guard count < limit else { return nil }
      defer { count += 1 }
      return count
    }
  }

  @Test(arguments: [0, 1, 2, 3, 5, 10, 1000])
  func aProducerThreadDeliversEveryBatchInOrder(count: Int) {
    let producer = ProducerThread(capacity: 3, Counter(limit: count))
    var received: [Int] = []
    while case let batches = producer.next(), !batches.isEmpty { received += batches }
    #expect(received == Array(0..<count))
    #expect(producer.next().isEmpty)
  }

  /// A consumer that looks without waiting, between waits, as the reading
  /// of a large directory's statuses does, still gets every batch in order.
  @Test(arguments: [0, 1, 7, 1000])
  func batchesReadyWithoutWaitingComeInOrder(count: Int) {
    let producer = ProducerThread(capacity: 3, Counter(limit: count))
    var received: [Int] = []
    var looks = 0
    while true {
      looks += 1
      received += producer.ready()
      guard looks % 3 == 0 else { continue }
      let batches = producer.next()
      if batches.isEmpty { break }
      received += batches
    }
    #expect(received == Array(0..<count))
    #expect(producer.ready().isEmpty)
  }

  @Test func aProducerThreadStoppedEarlyEnds() {
    let producer = ProducerThread(capacity: 2, Counter(limit: .max))
    #expect(!producer.next().isEmpty)
    producer.stop()
    #expect(producer.next().isEmpty)
  }

  @Test func handOffGroupsCloseByWeightOrCount() {
    var buffer = HandOffBuffer<Int>(weightLimit: 10, countLimit: 3)
    buffer.append(1, weight: 4)
    buffer.append(2, weight: 4)
    #expect(!buffer.hasGroup)
    buffer.append(3, weight: 4)  // weight 12
    #expect(buffer.takeGroup() == [1, 2, 3])
    for item in 4...6 { buffer.append(item, weight: 0) }  // three items
    buffer.append(7, weight: 0)
    #expect(buffer.takeGroup() == [4, 5, 6])
    #expect(buffer.takeGroup() == nil)
    buffer.stop()
    #expect(buffer.takeGroup() == [7])
    buffer.append(8, weight: 100)
    #expect(buffer.takeGroup() == nil)
    #expect(buffer.isStopped)
  }

  @Test func thePoolKeepsSmallListsAndFreesLargeOnes() throws {
    let pool = EntryListPool(largestKeptEntries: 64, largestKeptNameBytes: 1024, keptBytes: 1 << 16)
    var small = EntryList()
    try small.append(name: bytes("a"), status: nil, kind: .regularFile)
    let capacity = small.entries.capacity
    pool.giveBack(small)
    let taken = pool.take()
    #expect(taken.isEmpty)
    #expect(taken.entries.capacity == capacity)
    var large = EntryList()
    for index in 0..<100 {
      try large.append(name: bytes("n\(index)"), status: nil, kind: .regularFile)
    }
    pool.giveBack(large)
    #expect(pool.take().entries.capacity == 0)
  }

  @Test func whileSharedAListWaitsForBothCheckpoints() throws {
    let pool = EntryListPool(largestKeptEntries: 64, largestKeptNameBytes: 1024, keptBytes: 1 << 16)
    var list = EntryList()
    try list.append(name: bytes("a"), status: nil, kind: .regularFile)
    pool.beginSharing()
    pool.giveBack(list)
    #expect(pool.take().entries.capacity == 0)
    pool.checkpoint(.walker)
    pool.checkpoint(.writer)
    // Handed back before that round: ready after the next one.
    #expect(pool.take().entries.capacity == 0)
    pool.checkpoint(.writer)
    pool.checkpoint(.walker)
    #expect(pool.take().entries.capacity > 0)
    pool.endSharing()
  }
}

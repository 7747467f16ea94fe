import Testing

@testable import lsrows

/// The prefetch's schedule on its own: which directory the helper reads
/// next, and what the walk gets for the one it wants, with no thread.
@Suite struct PrefetchScheduleTests {
  typealias Schedule = PrefetchSchedule<String>

  func paths(_ names: String...) -> [[UInt8]?] {
    names.map { bytes($0 + "/") + [0] }
  }

  func name(_ request: Schedule.Request?) -> String? {
    request.map { String(decoding: $0.path.dropLast(2), as: UTF8.self) }
  }

  @Test func theHelperReadsTheFirstSubdirectoryTheWalkDoesNot() {
    var schedule = Schedule(directoryLimit: 10, entryLimit: 100)
    var subdirectories = paths("a", "b", "c")
    let numbers = schedule.enqueue(&subdirectories, depth: 2, parentScope: nil, leavingFirst: true)
    #expect(numbers == 0..<3)
    #expect(subdirectories.isEmpty)
    // The walk reads "a" itself; the helper starts on "b".
    guard case .readItYourself = schedule.take(0) else {
      Issue.record("the first is the walk's")
      return
    }
    #expect(name(schedule.nextForHelper()) == "b")
    #expect(name(schedule.nextForHelper()) == "c")
    #expect(schedule.nextForHelper() == nil)
  }

  @Test func whatTheHelperReadIsHandedToTheWalkWithItsSubdirectories() {
    var schedule = Schedule(directoryLimit: 10, entryLimit: 100)
    var top = paths("a", "b")
    _ = schedule.enqueue(&top, depth: 2, parentScope: nil, leavingFirst: true)
    let b = schedule.nextForHelper()!
    var inside = paths("b1", "b2")
    let numbers = schedule.publish("read b", entries: 7, of: b, scope: nil, subdirectories: &inside)
    #expect(numbers == 2..<4)
    guard case .read(let outcome) = schedule.take(1) else {
      Issue.record("b was read")
      return
    }
    #expect(outcome == "read b")
    // b's subdirectories went on top: the helper reads b1 next.
    #expect(name(schedule.nextForHelper()) == "b1")
    // Taken once: a second ask finds it done with.
    guard case .readItYourself = schedule.take(1) else {
      Issue.record("taken twice")
      return
    }
  }

  @Test func theWalkReadsAnotherWhileTheOneItWantsIsBeingRead() {
    var schedule = Schedule(directoryLimit: 10, entryLimit: 100)
    var top = paths("a", "b", "c")
    _ = schedule.enqueue(&top, depth: 2, parentScope: nil, leavingFirst: false)
    let a = schedule.nextForHelper()!
    #expect(a.id == 0)
    #expect(schedule.walkCanProceed(wanting: 0))
    guard case .readMeanwhile(let other) = schedule.take(0) else {
      Issue.record("the walk should read another")
      return
    }
    #expect(name(other) == "b")
    _ = schedule.take(0)  // c, meanwhile
    #expect(!schedule.walkCanProceed(wanting: 0))
    guard case .waitForIt = schedule.take(0) else {
      Issue.record("nothing left: wait")
      return
    }
  }

  @Test func readingStopsAtTheLimitsUntilTheWalkTakes() {
    var schedule = Schedule(directoryLimit: 2, entryLimit: 1000)
    var top = paths("a", "b", "c", "d")
    _ = schedule.enqueue(&top, depth: 2, parentScope: nil, leavingFirst: false)
    var none: [[UInt8]?] = []
    for _ in 0..<2 {
      let request = schedule.nextForHelper()!
      _ = schedule.publish("x", entries: 1, of: request, scope: nil, subdirectories: &none)
    }
    #expect(!schedule.hasWorkForHelper)
    #expect(schedule.nextForHelper() == nil)
    _ = schedule.take(0)
    #expect(schedule.hasWorkForHelper)
    var entries = Schedule(directoryLimit: 10, entryLimit: 5)
    var more = paths("a", "b")
    _ = entries.enqueue(&more, depth: 2, parentScope: nil, leavingFirst: false)
    let a = entries.nextForHelper()!
    _ = entries.publish("x", entries: 5, of: a, scope: nil, subdirectories: &none)
    #expect(entries.nextForHelper() == nil)
  }

  /// `--limit`: the budget counts every directory begun ahead of the
  /// walk, by the helper or by the walk meanwhile, over the whole walk;
  /// taking what was read does not give it back, and a request given
  /// back unread does.
  @Test func readingAheadStopsAtTheBudget() {
    var schedule = Schedule(directoryLimit: 10, entryLimit: 100, readAheadBudget: 2)
    var top = paths("a", "b", "c", "d")
    _ = schedule.enqueue(&top, depth: 2, parentScope: nil, leavingFirst: false)
    let a = schedule.nextForHelper()!
    guard case .readMeanwhile(let b) = schedule.take(0) else {
      Issue.record("the walk should read b meanwhile")
      return
    }
    #expect(name(b) == "b")
    #expect(!schedule.hasWorkForHelper)
    #expect(schedule.nextForHelper() == nil)
    #expect(!schedule.walkCanProceed(wanting: 0))
    guard case .waitForIt = schedule.take(0) else {
      Issue.record("no budget left: the walk waits for a")
      return
    }
    var none: [[UInt8]?] = []
    _ = schedule.publish("x", entries: 1, of: a, scope: nil, subdirectories: &none)
    _ = schedule.take(0)
    #expect(schedule.nextForHelper() == nil)
    schedule.giveBack(b)
    #expect(name(schedule.nextForHelper()) == "c")
    #expect(schedule.nextForHelper() == nil)
  }

  @Test func aRequestGivenBackIsTheWalks() {
    var schedule = Schedule(directoryLimit: 10, entryLimit: 100)
    var top = paths("a")
    _ = schedule.enqueue(&top, depth: 2, parentScope: nil, leavingFirst: false)
    schedule.giveBack(schedule.nextForHelper()!)
    guard case .readItYourself = schedule.take(0) else {
      Issue.record("given back: the walk reads it")
      return
    }
  }

  @Test func pathsTooLongAndUnrequestedNumbersAreTheWalks() {
    var schedule = Schedule(directoryLimit: 10, entryLimit: 100)
    var top: [[UInt8]?] = [nil, bytes("b/") + [0]]
    _ = schedule.enqueue(&top, depth: 2, parentScope: nil, leavingFirst: false)
    #expect(name(schedule.nextForHelper()) == "b")
    guard case .readItYourself = schedule.take(0),
      case .readItYourself = schedule.take(Schedule.unrequested)
    else {
      Issue.record("the walk reads these")
      return
    }
    #expect(schedule.walkCanProceed(wanting: Schedule.unrequested))
  }
}

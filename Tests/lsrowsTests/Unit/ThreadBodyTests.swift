import Glibc
import Testing

@testable import lsrows

/// Every thread lsrows starts runs its body once, can be joined, and has
/// cancellation off, so that glibc skips its wrappers' atomic updates.
@Suite struct ThreadBodyTests {
  /// What a started body saw, written before the thread ends and read
  /// after the join, which orders the two.
  private final class Seen: @unchecked Sendable {
    var runs = 0
    var cancelState: Int32 = -1
    var cancelType: Int32 = -1
  }

  @Test func runsOnceWithCancellationOff() throws {
    let seen = Seen()
    let thread = try #require(
      ThreadBody.start {
        seen.runs += 1
        var state: Int32 = 0
        var type: Int32 = 0
        // Setting a value returns the one before; these are the values
        // the thread should have already, so nothing changes.
        pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), &state)
        pthread_setcanceltype(Int32(PTHREAD_CANCEL_ASYNCHRONOUS), &type)
        seen.cancelState = state
        seen.cancelType = type
      })
    #expect(pthread_join(thread, nil) == 0)
    #expect(seen.runs == 1)
    #expect(seen.cancelState == Int32(PTHREAD_CANCEL_DISABLE))
    #expect(seen.cancelType == Int32(PTHREAD_CANCEL_ASYNCHRONOUS))
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
}

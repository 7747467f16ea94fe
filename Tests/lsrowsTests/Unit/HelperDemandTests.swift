import Testing

@testable import lsrows

/// When the prefetch starts more helpers: only after reads were slow half
/// of the time lately, while more directories wait than helpers read, and
/// never past the limit.
@Suite struct HelperDemandTests {
  static let fast: UInt64 = 3_000
  static let slow = HelperDemand.slowRead

  @Test func fastReadsNeverAskForAnother() {
    var demand = HelperDemand()
    for _ in 0..<1000 { demand.record(Self.fast) }
    #expect(!demand.isSlow)
    #expect(!demand.wantsAnother(pending: 10_000))
  }

  @Test func aFewSlowReadsAmongFastOnesAreNotSlow() {
    var demand = HelperDemand()
    // A preempted thread now and then: seven slow reads in sixteen.
    for index in 0..<160 { demand.record(index % 16 < 7 ? Self.slow : Self.fast) }
    #expect(!demand.isSlow)
  }

  @Test func halfOfTheLastSixteenSlowIsSlow() {
    var demand = HelperDemand()
    for _ in 0..<8 { demand.record(Self.slow) }
    #expect(demand.isSlow)
    for _ in 0..<8 { demand.record(Self.fast) }
    #expect(demand.isSlow)
    demand.record(Self.fast)
    #expect(!demand.isSlow)
  }

  @Test func helpersGrowWithWhatWaitsUpToTheLimit() {
    var demand = HelperDemand()
    for _ in 0..<16 { demand.record(Self.slow) }
    #expect(!demand.wantsAnother(pending: 1))
    #expect(demand.wantsAnother(pending: 2))
    while demand.wantsAnother(pending: 10_000) { demand.started() }
    #expect(demand.helpers == HelperDemand.helperLimit)
  }
}

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
    #expect(demand.moreWanted(pending: 10_000) == 0)
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
    #expect(demand.moreWanted(pending: 1) == 0)
    #expect(demand.moreWanted(pending: 5) == 4)
    demand.started(4)
    #expect(demand.moreWanted(pending: 5) == 0)
    #expect(demand.moreWanted(pending: 10_000) == HelperDemand.helpersStartedAtOnce)
    while demand.moreWanted(pending: 10_000) > 0 {
      demand.started(demand.moreWanted(pending: 10_000))
    }
    #expect(demand.helpers == HelperDemand.helperLimit)
    #expect(demand.moreWanted(pending: 10_000) == 0)
  }
}

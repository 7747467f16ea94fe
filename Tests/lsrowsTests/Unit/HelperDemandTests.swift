import Testing

@testable import lsrows

/// When the prefetch starts more helpers: only after reads were slow half
/// of the time lately, while more directories wait than helpers read, and
/// never past the limit.
@Suite struct HelperDemandTests {
  static let fast: UInt64 = 3_000
  static let slow = HelperDemand.defaultSlowRead

  @Test func slowReadIsTwoHundredMicrosecondsUnlessSetToANumber() {
    #expect(HelperDemand.slowRead(setting: nil) == 200_000)
    #expect(HelperDemand.slowRead(setting: bytes("0")) == 0)
    #expect(HelperDemand.slowRead(setting: bytes("60000000000")) == 60_000_000_000)
    for setting in ["", "fast", "-1", "1e6", " 5", "5 ", "99999999999999999999"] {
      #expect(HelperDemand.slowRead(setting: bytes(setting)) == 200_000, "\(setting)")
    }
  }

  @Test func fastReadsNeverAskForAnother() {
    var demand = HelperDemand(slowRead: Self.slow)
    for _ in 0..<1000 { demand.record(Self.fast) }
    #expect(!demand.isSlow)
    #expect(demand.moreWanted(pending: 10_000) == 0)
  }

  @Test func aFewSlowReadsAmongFastOnesAreNotSlow() {
    var demand = HelperDemand(slowRead: Self.slow)
    // A preempted thread now and then: seven slow reads in sixteen.
    for index in 0..<160 { demand.record(index % 16 < 7 ? Self.slow : Self.fast) }
    #expect(!demand.isSlow)
  }

  @Test func aSlowOperandCountsAsTwoSlowReads() {
    var demand = HelperDemand(operandIsSlow: true, slowRead: Self.slow)
    #expect(!demand.isSlow)
    demand.record(Self.slow)
    #expect(!demand.isSlow)
    demand.record(Self.slow)
    #expect(demand.isSlow)
    // A preempted open of the operand, and the rest fast: never slow.
    var preempted = HelperDemand(operandIsSlow: true, slowRead: Self.slow)
    for _ in 0..<16 {
      preempted.record(Self.fast)
      #expect(!preempted.isSlow)
    }
  }

  @Test func halfOfTheLastSixteenSlowIsSlow() {
    var demand = HelperDemand(slowRead: Self.slow)
    for _ in 0..<8 { demand.record(Self.slow) }
    #expect(demand.isSlow)
    for _ in 0..<8 { demand.record(Self.fast) }
    #expect(demand.isSlow)
    demand.record(Self.fast)
    #expect(!demand.isSlow)
  }

  @Test func aWalkThatBeginsSlowIsSlowAfterFourReads() {
    var demand = HelperDemand(slowRead: Self.slow)
    for _ in 0..<3 { demand.record(Self.slow) }
    #expect(!demand.isSlow)
    demand.record(Self.slow)
    #expect(demand.isSlow)
  }

  @Test func fourSlowReadsAmongMoreFastOnesAreNotSlow() {
    var demand = HelperDemand(slowRead: Self.slow)
    for _ in 0..<5 { demand.record(Self.fast) }
    for _ in 0..<4 { demand.record(Self.slow) }
    #expect(!demand.isSlow)
    for _ in 0..<1 { demand.record(Self.slow) }
    #expect(demand.isSlow)
  }

  @Test func helpersGrowWithWhatWaitsUpToTheLimit() {
    var demand = HelperDemand(slowRead: Self.slow)
    for _ in 0..<16 { demand.record(Self.slow) }
    #expect(demand.moreWanted(pending: 1) == 0)
    #expect(demand.moreWanted(pending: 5) == 4)
    demand.started(4)
    #expect(demand.moreWanted(pending: 5) == 0)
    #expect(demand.moreWanted(pending: 10_000) == HelperDemand.helperLimit - 5)
    demand.started(demand.moreWanted(pending: 10_000))
    #expect(demand.helpers == HelperDemand.helperLimit)
    #expect(demand.moreWanted(pending: 10_000) == 0)
  }
}

import Testing

@testable import lsrows

/// The prefetch's numbers for a frame's subdirectories come out in the
/// order they were given, range after range, and run out with `nil`.
@Suite struct SubdirectoryNumbersTests {
  @Test func givesEachNumberOnceInOrder() {
    var numbers = SubdirectoryNumbers()
    #expect(numbers.next() == nil)
    numbers.append(3..<5)
    numbers.append(5..<5)
    numbers.append(9..<11)
    #expect(numbers.next() == 3)
    numbers.append(20..<21)
    #expect([numbers.next(), numbers.next(), numbers.next(), numbers.next()] == [4, 9, 10, 20])
    #expect(numbers.next() == nil)
    numbers.append(30..<32)
    #expect([numbers.next(), numbers.next(), numbers.next()] == [30, 31, nil])
  }
}

import Glibc
import Testing

@testable import lsrows

@Suite struct VersionOrderTests {
  func compare(_ a: String, _ b: String) -> Int {
    let x = bytes(a)
    let y = bytes(b)
    return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in compareVersions(x, y) }
    }
  }

  @Test func numbersCompareAsNumbers() {
    #expect(compare("1.9", "1.10") < 0)
    #expect(compare("a2", "a10") < 0)
    #expect(compare("file.9.tar", "file.10.tar") < 0)
  }

  @Test func tildeSortsFirstAndSuffixesLast() {
    #expect(compare("a~", "a") < 0)
    #expect(compare("1.0~rc1", "1.0") < 0)
    #expect(compare("a.tar", "a.tar.gz") < 0)
  }

  @Test func dotNamesComeFirst() {
    #expect(compare(".", "..") < 0)
    #expect(compare("..", ".a") < 0)
    #expect(compare(".z", "a") < 0)
    // In coreutils 9.1 a name that is all suffix has an empty version part.
    #expect(compare(".a", ".0") < 0)
  }

  @Test func leadingZerosDoNotDecideAlone() {
    #expect(compare("a01", "a1") == 0)
    #expect(compare("a001", "a01") == 0)
  }

  @Test func propertiesOnRandomTriples() {
    var generator = SeededRandom()
    let alphabet = Array("a.~0-9Z".utf8)
    func random() -> String {
      String(
        decoding: (0..<Int.random(in: 1...5, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }, as: UTF8.self)
    }
    for _ in 0..<2000 {
      let (a, b, c) = (random(), random(), random())
      #expect(compare(a, b).signum() == -compare(b, a).signum(), "\(a) \(b); \(generator)")
      if compare(a, b) <= 0 && compare(b, c) <= 0 {
        #expect(compare(a, c) <= 0, "\(a) \(b) \(c); \(generator)")
      }
    }
  }
}

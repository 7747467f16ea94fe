import Glibc
import Testing

/// Replays every input kept under Tests/fuzz-corpus (the seeds, and every
/// crash `make fuzz` ever found) through the fuzz targets' properties.
@Suite struct FuzzCorpusTests {
  static func inputs(_ target: FuzzTarget) -> [(String, [UInt8])] {
    let directory = ShippingTests.root + "/Tests/fuzz-corpus/" + target.rawValue
    let names = TreeOracle.names(in: bytes(directory)).filter { $0.first != UInt8(ascii: ".") }
    return names.map { name in
      let path = directory + "/" + String(decoding: name, as: UTF8.self)
      return (path, runProcess("cat", [bytes(path)]).standardOutput)
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func corpusHolds(target: FuzzTarget) {
    let inputs = Self.inputs(target)
    #expect(inputs.count >= 3, "seed Tests/fuzz-corpus/\(target.rawValue)")
    for (path, input) in inputs {
      #expect(FuzzProperties.check(target, input) == nil, "\(path)")
    }
  }

  @Test func decodersReadWhatLsWrites() {
    #expect(FuzzProperties.decodeShellWord(bytes("'a'$'\\n''b'")) == bytes("a\nb"))
    #expect(FuzzProperties.decodeShellWord(bytes("\"it's\"")) == bytes("it's"))
    #expect(FuzzProperties.decodeShellWord(bytes("'it'\\''s\n'")) == bytes("it's\n"))
    #expect(FuzzProperties.decodeC(bytes("\"\\033[\\n\"")) == [0x1B, 0x5B, 0x0A])
  }

  @Test func propertiesCatchWhatTheyShould() {
    // A property that cannot fail is no property: broken orders are caught,
    // malformed quoting is refused, and tricky inputs hold.
    let rockPaperScissors: ([UInt8], [UInt8]) -> Int = { x, y in
      x == y ? 0 : ((Int(x[0]) - Int(y[0]) + 3) % 3 == 1 ? 1 : -1)
    }
    #expect(
      FuzzProperties.totalOrder([0], [1], [2], by: rockPaperScissors) == "not transitive")
    #expect(
      FuzzProperties.totalOrder(bytes("a1"), bytes("a01"), bytes("b")) { x, y in
        x.last! < y.last! ? -1 : (x.last! == y.last! ? 0 : 1)
      } == "equal for different names")
    #expect(
      FuzzProperties.totalOrder(bytes("a"), bytes("b"), bytes("c")) { _, _ in -1 }
        == "not antisymmetric")
    #expect(FuzzProperties.decodeShellWord(bytes("'open")) == nil)
    #expect(FuzzProperties.version([0x61, 0, 0x62, 0, 0x63]) == nil)
    #expect(FuzzProperties.quoting([0x0A, 0xFF, 0x27, 0x00, 0x5C]) == nil)
  }
}

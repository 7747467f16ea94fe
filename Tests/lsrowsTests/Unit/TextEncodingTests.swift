import Testing

@testable import lsrows

@Suite struct TextEncodingTests {
  @Test func base64() {
    for (input, expected) in [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ] {
      var output: [UInt8] = []
      appendBase64(bytes(input), to: &output)
      #expect(output == bytes(expected))
    }
  }

  @Test func repairReplacesEachInvalidByte() {
    var output: [UInt8] = []
    UTF8Text.appendRepaired(
      [0x61, 0xC3, 0xA9, 0xFF, 0xE2, 0x82, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80], to: &output)
    let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    #expect(output == [0x61, 0xC3, 0xA9] + Array(repeating: replacement, count: 10).flatMap { $0 })
    #expect(UTF8Text.isValid(bytes("plain é ✓ 𝄞")))
    #expect(!UTF8Text.isValid([0xC0, 0x80]))
  }

  @Test func jsonStrings() {
    var output: [UInt8] = []
    JSONString.append(bytes("a\"b\\c\n\t\u{1}\u{7F}é"), to: &output)
    #expect(String(decoding: output, as: UTF8.self) == #""a\"b\\c\n\t\u0001\u007fé""#)
  }

  @Test func csvFields() {
    var output: [UInt8] = []
    CSVField.append(bytes("plain"), to: &output)
    output.append(UInt8(ascii: "|"))
    CSVField.append(bytes("a,\"b\"\r\n"), to: &output)
    #expect(String(decoding: output, as: UTF8.self) == "plain|\"a,\"\"b\"\"\r\n\"")
  }
}

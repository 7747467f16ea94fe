import Testing

@testable import lsrows

@Suite struct ColorPaletteTests {
  @Test func escapesCaretsOctalAndHex() throws {
    let palette = try ColorPalette.parse(bytes("di=\\e[1\\x3b\\101:ln=^[x\\_y:*.a=\\?"))
    #expect(palette[.directory] == [0x1B, 0x5B, 0x31, 0x3B, 0x41])
    #expect(palette[.link] == [0x1B, 0x78, 0x20, 0x79])
    #expect(palette.suffixes.first?.sequence == [0x7F])
  }

  @Test func laterSuffixesWinAndMatchIgnoringCase() throws {
    let palette = try ColorPalette.parse(bytes("*.tar=1:*.TAR=2"))
    let sequence = palette.sequence(
      name: bytes("x.tar"), status: nil, kind: .regularFile, targetMode: nil)
    #expect(sequence == bytes("2"))
  }

  @Test func defaultsAreLsDefaults() {
    let palette = ColorPalette.defaults
    #expect(palette[.directory] == bytes("01;34"))
    #expect(palette[.link] == bytes("01;36"))
    #expect(palette[.file] == nil)
    #expect(!palette.isColored(.orphan))
  }

  @Test(arguments: ["zz=1", "d", "di", "di=1:x", "*.a", "di=^", "di=\\"])
  func malformed(value: String) {
    #expect(throws: ColorPalette.ParseError.self) { try ColorPalette.parse(bytes(value)) }
  }

  @Test func knownTerminals() {
    for term in [
      "xterm", "xterm-256color", "screen.xterm", "linux", "tmux-direct", "con80x25", "rxvt-unicode",
    ] {
      #expect(ColorPalette.isKnownTerminal(bytes(term)), "\(term)")
    }
    for term in ["dumb", "", "vt220", "emacs"] {
      #expect(!ColorPalette.isKnownTerminal(bytes(term)), "\(term)")
    }
  }
}

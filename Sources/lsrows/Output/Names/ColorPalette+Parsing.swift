extension ColorPalette {
  /// What is wrong with an `LS_COLORS` value, in ls's words.
  enum ParseError: Error, Equatable {
    /// A two-letter key ls does not know; ls names it, then gives up.
    case unrecognizedPrefix([UInt8])
    case unparsable
  }

  /// Parses `LS_COLORS` on top of the defaults, as ls's parse_ls_color.
  ///
  /// - Throws: The problem; ls then reports it and shows no colors at all.
  static func parse(_ value: [UInt8]) throws(ParseError) -> ColorPalette {
    var palette = ColorPalette.defaults
    var index = 0
    func next() -> UInt8? { index < value.count ? value[index] : nil }
    while let byte = next() {
      switch byte {
      case UInt8(ascii: ":"):
        index += 1
      case UInt8(ascii: "*"):
        index += 1
        let suffix = try funkyString(value, &index, equalsEnds: true)
        guard next() == UInt8(ascii: "=") else { throw .unparsable }
        index += 1
        let sequence = try funkyString(value, &index, equalsEnds: false)
        palette.suffixes.insert((suffix, sequence), at: 0)
      default:
        guard index + 2 <= value.count else { throw .unparsable }
        let label = Array(value[index..<index + 2])
        index += 2
        guard next() == UInt8(ascii: "=") else { throw .unparsable }
        index += 1
        guard let key = Key.names.firstIndex(of: String(decoding: label, as: UTF8.self)) else {
          throw .unrecognizedPrefix(label)
        }
        do {
          palette.sequences[key] = try funkyString(value, &index, equalsEnds: false)
        } catch {
          // ls reports a bad value of a known key as an unknown prefix too.
          throw .unrecognizedPrefix(label)
        }
      }
    }
    palette.linksAsTarget = palette[.link] == Array("target".utf8)
    return palette
  }

  /// Reads one value of `LS_COLORS` with its escapes: `\\a` `\\e` `\\n`
  /// and friends, octal `\\033`, hex `\\x1b`, `\\_` for a space, and caret
  /// notation `^[`; it ends at `:` (or `=` for a suffix) or the end.
  private static func funkyString(
    _ value: [UInt8], _ index: inout Int, equalsEnds: Bool
  ) throws(ParseError) -> [UInt8] {
    var result: [UInt8] = []
    while index < value.count {
      let byte = value[index]
      if byte == UInt8(ascii: ":") || (equalsEnds && byte == UInt8(ascii: "=")) { break }
      index += 1
      switch byte {
      case UInt8(ascii: "\\"):
        guard index < value.count else { throw .unparsable }
        let escaped = value[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var number = escaped - UInt8(ascii: "0")
          while index < value.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(value[index])
          {
            number = number &<< 3 &+ (value[index] - UInt8(ascii: "0"))
            index += 1
          }
          result.append(number)
        case UInt8(ascii: "x"):
          var number: UInt8 = 0
          while index < value.count, let digit = hexValue(value[index]) {
            number = number &<< 4 &+ digit
            index += 1
          }
          result.append(number)
        case UInt8(ascii: "a"): result.append(0x07)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "e"): result.append(0x1B)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "v"): result.append(0x0B)
        case UInt8(ascii: "?"): result.append(0x7F)
        case UInt8(ascii: "_"): result.append(0x20)
        default: result.append(escaped)
        }
      case UInt8(ascii: "^"):
        guard index < value.count else { throw .unparsable }
        let caret = value[index]
        index += 1
        switch caret {
        case UInt8(ascii: "@")...UInt8(ascii: "~"): result.append(caret & 0o37)
        case UInt8(ascii: "?"): result.append(0x7F)
        default: throw .unparsable
        }
      default:
        result.append(byte)
      }
    }
    return result
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

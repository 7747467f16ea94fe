import Glibc

/// A time format as GNU `date +FORMAT` reads it, in the local time zone.
///
/// glibc's `strftime` makes every directive it knows, with flags and
/// widths (`%_3d`, `%-H`); `%N` (nanoseconds, `%3N` for milliseconds),
/// `%s`, `%q` (the quarter) and `%:z` `%::z` `%:::z` are GNU date's own
/// and are made here.
struct TimeFormat: Sendable, Equatable {
  enum Piece: Sendable, Equatable {
    case literal([UInt8])
    /// One directive for `strftime`, NUL-terminated.
    case directive([CChar])
    /// `%N`: the first `width` digits of the nanoseconds (all nine by default).
    case nanoseconds(width: Int?)
    /// `%s`: seconds since the epoch.
    case epochSeconds
    /// `%q`: the quarter of the year, 1 to 4, zero-padded to `width`.
    case quarter(width: Int)
    /// `%:z` and friends: the UTC offset with colons.
    case offset(colons: Int)
  }

  let pieces: [Piece]

  init(parsing format: [UInt8]) {
    var pieces: [Piece] = []
    var literal: [UInt8] = []
    var index = 0
    func flushLiteral() {
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      literal = []
    }
    while index < format.count {
      guard format[index] == UInt8(ascii: "%"), index + 1 < format.count else {
        literal.append(format[index])
        index += 1
        continue
      }
      let start = index
      index += 1
      while index < format.count, "_-0^#".utf8.contains(format[index]) { index += 1 }
      var width = 0
      var hasWidth = false
      while index < format.count, (0x30...0x39).contains(format[index]) {
        width = min(width * 10 + Int(format[index] - 0x30), 1024)
        hasWidth = true
        index += 1
      }
      var colons = 0
      while index < format.count, format[index] == UInt8(ascii: ":") {
        colons += 1
        index += 1
      }
      while index < format.count,
        format[index] == UInt8(ascii: "E") || format[index] == UInt8(ascii: "O")
      {
        index += 1
      }
      guard index < format.count else {
        literal.append(contentsOf: format[start...])
        break
      }
      let conversion = format[index]
      index += 1
      if colons > 0 {
        guard conversion == UInt8(ascii: "z"), colons <= 3 else {
          literal.append(contentsOf: format[start..<index])
          continue
        }
        flushLiteral()
        pieces.append(.offset(colons: colons))
        continue
      }
      switch conversion {
      case UInt8(ascii: "N"):
        flushLiteral()
        pieces.append(.nanoseconds(width: hasWidth ? width : nil))
      case UInt8(ascii: "s"):
        flushLiteral()
        pieces.append(.epochSeconds)
      case UInt8(ascii: "q"):
        flushLiteral()
        pieces.append(.quarter(width: hasWidth ? width : 1))
      case UInt8(ascii: "%"):
        literal.append(UInt8(ascii: "%"))
      default:
        flushLiteral()
        pieces.append(.directive(format[start..<index].map { CChar(bitPattern: $0) } + [0]))
      }
    }
    flushLiteral()
    self.pieces = pieces
  }

  /// Appends `time` in this format, in the zone `TZ` names.
  ///
  /// - Returns: `false` when the C library cannot convert the time; the
  ///   directives that need it are then left out.
  @discardableResult
  func append(_ time: Timestamp, to output: inout [UInt8]) -> Bool {
    var seconds = time_t(time.seconds)
    var parts = tm()
    let converted = localtime_r(&seconds, &parts) != nil
    for piece in pieces {
      switch piece {
      case .literal(let bytes):
        output.append(contentsOf: bytes)
      case .nanoseconds(let width):
        var digits: [UInt8] = []
        appendDecimal(UInt64(max(0, time.nanoseconds)), zeroPaddedTo: 9, to: &digits)
        let count = width ?? 9
        output.append(contentsOf: digits.prefix(count))
        if count > 9 {
          output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count - 9))
        }
      case .epochSeconds:
        appendDecimal(time.seconds, to: &output)
      case .quarter(let width):
        guard converted else { continue }
        appendDecimal(UInt64(parts.tm_mon / 3 + 1), zeroPaddedTo: width, to: &output)
      case .offset(let colons):
        guard converted else { continue }
        appendOffset(Int(parts.tm_gmtoff), colons: colons, to: &output)
      case .directive(let directive):
        guard converted else { continue }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
          let count = strftime(buffer.baseAddress!, buffer.count, directive, &parts)
          output.append(
            contentsOf: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: count))
        }
      }
    }
    return converted
  }

  /// `+hh:mm`, `+hh:mm:ss`, or (three colons) only as precise as needed.
  private func appendOffset(_ offset: Int, colons: Int, to output: inout [UInt8]) {
    output.append(UInt8(ascii: offset < 0 ? "-" : "+"))
    let magnitude = abs(offset)
    let hours = magnitude / 3600
    let minutes = magnitude / 60 % 60
    let seconds = magnitude % 60
    appendDecimal(UInt64(hours), zeroPaddedTo: 2, to: &output)
    if colons == 3 && minutes == 0 && seconds == 0 { return }
    output.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(minutes), zeroPaddedTo: 2, to: &output)
    if colons == 1 || (colons == 3 && seconds == 0) { return }
    output.append(UInt8(ascii: ":"))
    appendDecimal(UInt64(seconds), zeroPaddedTo: 2, to: &output)
  }
}

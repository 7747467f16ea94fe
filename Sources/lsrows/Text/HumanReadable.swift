/// Writes sizes and block counts as gnulib's `human_readable` does for ls,
/// always rounding up: in a unit of `BlockSize.unit` bytes, autoscaled to
/// `K M G T P E Z Y` with one decimal below ten (`-h`, `--si`), with the
/// unit's letter (`--block-size=K`), or as plain numbers.
enum HumanReadable {
  /// The largest power a size is scaled to: ls 9.1's gnulib stops at Y.
  private static let largestPower = 8
  private static let letters = Array("KMGTPEZY".utf8)

  /// Appends `amount`, a count of `sourceUnit`-byte units, in `scale`.
  static func append(
    _ amount: UInt64, sourceUnit: UInt64 = 1, in scale: BlockSize, to output: inout [UInt8]
  ) {
    let target = scale.unit
    let base: UInt64 = scale.base1024 ? 1024 : 1000
    var exponent = -1
    var amountOut: UInt64
    var tenths: UInt64 = 0
    // 0: exact; 1: less than half a unit lost; 2: exactly half; 3: more.
    var rounding: UInt64 = 0
    if target <= sourceUnit, sourceUnit % target == 0,
      case (let scaled, false) = amount.multipliedReportingOverflow(by: sourceUnit / target)
    {
      amountOut = scaled
    } else if target > sourceUnit, sourceUnit != 0, target % sourceUnit == 0 {
      let divisor = target / sourceUnit
      let r10 = (amount % divisor).multipliedReportingOverflow(by: 10).partialValue
      let r2 = (r10 % divisor).multipliedReportingOverflow(by: 2).partialValue
      amountOut = amount / divisor
      tenths = r10 / divisor
      rounding = r2 < divisor ? (r2 > 0 ? 1 : 0) : 2 + (divisor < r2 ? 1 : 0)
    } else {
      // Neither unit divides the other: as gnulib, in floating point,
      // rounded up (no scaling reaches here: -h and --si count bytes).
      let exact = Double(amount) * (Double(sourceUnit) / Double(target))
      let whole = exact.rounded(.up)
      appendDecimal(whole < 1.8e19 ? UInt64(whole) : .max, to: &output)
      appendSuffix(exponent: -1, scale, base: base, to: &output)
      return
    }
    var fraction: UInt8?
    if scale.autoscales {
      exponent = 0
      if base <= amountOut {
        repeat {
          let r10 = (amountOut % base) * 10 + tenths
          let r2 = (r10 % base) * 2 + (rounding >> 1)
          amountOut /= base
          tenths = r10 / base
          rounding = r2 < base ? (r2 + rounding != 0 ? 1 : 0) : 2 + (base < r2 + rounding ? 1 : 0)
          exponent += 1
        } while base <= amountOut && exponent < largestPower
        if amountOut < 10 {
          if rounding > 0 {
            tenths += 1
            rounding = 0
            if tenths == 10 {
              amountOut += 1
              tenths = 0
            }
          }
          if amountOut < 10 {
            fraction = UInt8(ascii: "0") + UInt8(tenths)
            tenths = 0
            rounding = 0
          }
        }
      }
    }
    if tenths + rounding > 0 {
      amountOut += 1
      if scale.autoscales && amountOut == base && exponent < largestPower {
        exponent += 1
        fraction = UInt8(ascii: "0")
        amountOut = 1
      }
    }
    appendDecimal(amountOut, to: &output)
    if let fraction {
      output.append(UInt8(ascii: "."))
      output.append(fraction)
    }
    appendSuffix(exponent: exponent, scale, base: base, to: &output)
  }

  /// The unit after the number: only with `-h`, `--si` or a unit alone.
  private static func appendSuffix(
    exponent: Int, _ scale: BlockSize, base: UInt64, to output: inout [UInt8]
  ) {
    guard scale.showsSuffix else { return }
    var exponent = exponent
    if exponent < 0 {
      exponent = 0
      var power: UInt64 = 1
      while power < scale.unit {
        let (next, overflow) = power.multipliedReportingOverflow(by: base)
        exponent += 1
        if exponent == largestPower || overflow { break }
        power = next
      }
    }
    if exponent > 0 {
      output.append(!scale.base1024 && exponent == 1 ? UInt8(ascii: "k") : letters[exponent - 1])
    }
    if scale.showsB {
      if scale.base1024 && exponent > 0 { output.append(UInt8(ascii: "i")) }
      output.append(UInt8(ascii: "B"))
    }
  }
}

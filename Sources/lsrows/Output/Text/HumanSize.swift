/// Appends a size the way `ls -lh` shows it: powers of 1024 with one of
/// K M G T P E Z Y R Q, one decimal below 10, always rounded up (1025 is
/// `1.1K`), as gnulib's human_readable with ceiling rounding; or, with
/// `base` 1000, as `ls --si` shows it (`1.1k`: a lowercase k for kilo).
func appendHumanSize(_ size: UInt64, base: UInt64 = 1024, to output: inout [UInt8]) {
  var amount = size
  var tenths: UInt64 = 0
  // 0: exact; 1: less than half a unit lost; 2: exactly half; 3: more.
  var rounding: UInt64 = 0
  var exponent = 0
  let letters = Array((base == 1000 ? "kMGTPEZYRQ" : "KMGTPEZYRQ").utf8)
  var fraction: UInt8?

  if amount >= base {
    repeat {
      let r10 = (amount % base) * 10 + tenths
      let r2 = (r10 % base) * 2 + (rounding >> 1)
      amount /= base
      tenths = r10 / base
      rounding = r2 < base ? (r2 + rounding != 0 ? 1 : 0) : 2 + (base < r2 + rounding ? 1 : 0)
      exponent += 1
    } while amount >= base && exponent < letters.count

    if amount < 10 {
      if rounding > 0 {
        tenths += 1
        rounding = 0
        if tenths == 10 {
          amount += 1
          tenths = 0
        }
      }
      if amount < 10 {
        fraction = UInt8(ascii: "0") + UInt8(tenths)
        tenths = 0
        rounding = 0
      }
    }
  }

  if tenths + rounding > 0 {
    amount += 1
    if exponent > 0 && amount == base && exponent < letters.count {
      exponent += 1
      fraction = UInt8(ascii: "0")
      amount = 1
    }
  }

  appendDecimal(amount, to: &output)
  if let fraction {
    output.append(UInt8(ascii: "."))
    output.append(fraction)
  }
  if exponent > 0 {
    output.append(letters[exponent - 1])
  }
}

import Glibc

/// A point in time as the file system records it.
struct Timestamp: Comparable, Hashable, Sendable {
  var seconds: Int64
  var nanoseconds: Int32

  static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
  }

  /// Nanoseconds since the epoch, saturated outside the years 1677 to 2262.
  var saturatedNanoseconds: Int64 {
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, sumOverflow) = scaled.addingReportingOverflow(Int64(nanoseconds))
    return sumOverflow ? .max : sum
  }
}

extension Timestamp {
  /// The wall clock now.
  static var now: Timestamp {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Timestamp(seconds: Int64(time.tv_sec), nanoseconds: Int32(time.tv_nsec))
  }
}

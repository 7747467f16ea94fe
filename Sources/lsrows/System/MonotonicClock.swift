import Glibc

/// The time since an arbitrary start, which never goes back.
///
/// For measuring how long an operation took; read through the vDSO, with
/// no system call.
enum MonotonicClock {
  /// Nanoseconds since the clock's start.
  static func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}

import CLinux
import Glibc

/// Growth of the large arrays (a directory's entries, names and details)
/// that asks first, so that running out is an error lsrows can report.
///
/// The Swift runtime aborts when an allocation fails, and offers no hook.
/// So before an array grows, lsrows checks that the new buffer fits under
/// the address-space limit (`ulimit -v`) with room to spare for the many
/// small allocations it cannot check, and that `malloc` grants it.
enum Memory {
  /// Makes room for at least `minimum` elements in `array`, doubling its
  /// capacity when it grows, or throws when the system has no room.
  static func reserve<Element>(
    _ array: inout [Element], atLeast minimum: Int
  ) throws(MemoryExhausted) {
    guard minimum > array.capacity else { return }
    let capacity = max(minimum, array.capacity * 2, 16)
    try checkRoom(for: Element.self, count: capacity)
    array.reserveCapacity(capacity)
  }

  /// Allocates room for `capacity` values of `type`, or throws when the
  /// system has no room, as ``reserve(_:atLeast:)`` decides.
  static func allocate<Element>(
    _ type: Element.Type, capacity: Int
  ) throws(MemoryExhausted) -> UnsafeMutableBufferPointer<Element> {
    try checkRoom(for: type, count: capacity)
    return .allocate(capacity: capacity)
  }

  /// Throws unless there is room for `count` values of `type`: what
  /// ``reserve(_:atLeast:)`` and ``allocate(_:capacity:)`` ask, and an array
  /// made by `init(unsafeUninitializedCapacity:initializingWith:)` asks first.
  static func checkRoom<Element>(
    for type: Element.Type, count: Int
  ) throws(MemoryExhausted) {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    // Small arrays (a directory of a few hundred entries) fit in the
    // headroom kept for what is never checked; asking costs a trial malloc,
    // or two system calls under a limit, for every directory of a tree.
    guard !overflow, bytes < Self.checkedSize || fits(bytes) else { throw MemoryExhausted() }
  }

  /// Arrays smaller than this grow without asking.
  static let checkedSize = 1 << 20

  /// Under a finite `ulimit -v`, keeps glibc's malloc to one arena.
  ///
  /// Each thread that allocates would otherwise get an arena that reserves
  /// 64 MiB of address space: never used, yet counted against the limit
  /// (and by `fits`), so whether a small listing fitted depended on which
  /// thread allocated first. Call it before any thread starts.
  static func keepOneArenaUnderLimit() {
    guard addressSpaceLimit != nil else { return }
    _ = mallopt(M_ARENA_MAX, 1)
  }

  /// Keeps glibc's malloc serving blocks of ``checkedSize`` or more from
  /// mappings of their own, given back to the system when freed.
  ///
  /// By default the threshold for that rises to the largest such block
  /// freed, up to 32 MiB; past it, large arrays come from the heap, where
  /// a freed one may stay resident under a live one, so the peak of a
  /// large listing depended on the order in which its threads freed.
  /// Call it before any thread starts.
  static func mapLargeBlocksApart() {
    _ = mallopt(M_MMAP_THRESHOLD, CInt(checkedSize))
  }

  /// Whether a new allocation of `bytes` leaves the headroom free.
  static func fits(_ bytes: Int) -> Bool {
    if let limit = addressSpaceLimit, let used = addressSpaceInUse() {
      let (total, overflow) = used.addingReportingOverflow(bytes)
      if overflow || total > limit - headroom(under: limit) { return false }
    }
    // Under no limit (or none lsrows can measure), malloc itself decides.
    guard let trial = malloc(bytes) else { return false }
    free(trial)
    return true
  }

  /// What is kept free for allocations that are not checked: rows in
  /// flight, the output buffer, thread stacks, the runtime's own.
  static func headroom(under limit: Int) -> Int {
    (4 << 20) + limit / 16
  }

  /// `RLIMIT_AS` in bytes, or `nil` when unlimited.
  static let addressSpaceLimit: Int? = {
    var limit = rlimit()
    guard getrlimit(addressSpaceResource, &limit) == 0, limit.rlim_cur != rlim_t.max,
      limit.rlim_cur <= UInt(Int.max)
    else { return nil }
    return Int(limit.rlim_cur)
  }()

  /// The process's mapped size in bytes, from `/proc/self/statm`; read only
  /// when an array is about to double, so a few dozen times per listing.
  static func addressSpaceInUse() -> Int? {
    let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
    let count = withUnsafeMutableBytes(of: &buffer) { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // The first field is the size in pages.
    let pages = withUnsafeBytes(of: &buffer) { bytes in
      bytes.prefix(count).prefix { $0 != UInt8(ascii: " ") }.reduce(0) { value, digit in
        value * 10 + Int(digit &- UInt8(ascii: "0"))
      }
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// Glibc's `RLIMIT_AS` as the type `getrlimit` takes.
private let addressSpaceResource = __rlimit_resource_t(RLIMIT_AS.rawValue)

import CLinux
import Glibc

// The thin wrappers over Glibc that the rest of lsrows calls. Each one retries
// EINTR where the call can be interrupted and reports failure as an `Errno`.

/// Runs a call that returns -1 on failure until it stops failing with EINTR.
@inline(__always)
func retryingInterrupts<Result: BinaryInteger>(
  _ call: () -> Result
) throws(Errno) -> Result {
  while true {
    let result = call()
    if result != -1 { return result }
    let error = Errno.current
    if error != .interrupted { throw error }
  }
}

/// Reads an environment variable's value as bytes, or `nil` when it is unset.
func environmentValue(_ name: String) -> [UInt8]? {
  guard let value = getenv(name) else { return nil }
  return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
}

/// How many more descriptors this process may open, under its soft limit.
///
/// Counts the open ones among the first 256; past that the limit is high
/// enough for lsrows's needs whatever is open.
func freeDescriptorCount() -> Int {
  var limit = rlimit()
  guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 64 }
  let soft = Int(clamping: limit.rlim_cur)
  let probed = 0..<Int32(min(soft, 256))
  let open =
    openDescriptorCount(in: probed) ?? probed.count { FileDescriptor(rawValue: $0).isOpen }
  return max(0, soft - open)
}

/// How many of the descriptors `candidates` are open, asked with one
/// `poll(2)`, which marks each closed one `POLLNVAL` and waits for
/// nothing; `nil` when the call fails.
///
/// Asking each with `fcntl(F_GETFD)` took 256 calls at the start of every
/// `-R`; the poll of 256 takes one. Polling changes nothing in what is
/// polled, whatever kind of file a descriptor holds.
func openDescriptorCount(in candidates: Range<Int32>) -> Int? {
  var polled = candidates.map { pollfd(fd: $0, events: 0, revents: 0) }
  let count = nfds_t(polled.count)
  guard (try? retryingInterrupts { poll(&polled, count, 0) }) != nil else { return nil }
  return polled.count { $0.revents & Int16(POLLNVAL) == 0 }
}

/// `getdents64(2)`: fills `buffer` with `struct dirent64` records; returns
/// the bytes filled, 0 at the end, or -1 with `errno` set.
func readDirectoryRecords(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer, _ size: Int) -> Int
{
  clinux_getdents64(descriptor, buffer, size)
}

import Glibc

/// Runs `second` on a new thread while `first` runs on this one.
///
/// Returns when both are done. Without a thread to be had, runs them one
/// after the other.
func runConcurrently(_ first: () -> Void, _ second: @escaping @Sendable () -> Void) {
  guard let thread = ThreadBody.start(second) else {
    first()
    second()
    return
  }
  first()
  pthread_join(thread, nil)
}

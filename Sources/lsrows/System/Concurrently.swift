import Glibc

/// Runs `second` on a new thread while `first` runs on this one.
///
/// Returns when both are done. Without a thread to be had, runs them one
/// after the other.
func runConcurrently(_ first: () -> Void, _ second: @escaping @Sendable () -> Void) {
  var thread = pthread_t()
  let body = Unmanaged.passRetained(ThreadBody(second))
  let created = pthread_create(
    &thread, nil,
    { context in
      Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
      return nil
    }, body.toOpaque())
  guard created == 0 else {
    body.release()
    first()
    second()
    return
  }
  first()
  pthread_join(thread, nil)
}

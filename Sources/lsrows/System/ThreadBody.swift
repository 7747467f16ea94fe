import Glibc

/// The work a new thread runs, boxed to pass through `pthread_create`.
final class ThreadBody {
  let body: () -> Void

  init(_ body: @escaping () -> Void) {
    self.body = body
  }

  /// Runs `body` on a new thread.
  ///
  /// - Returns: The thread, to join; `nil` when none could be started.
  static func start(_ body: @escaping () -> Void) -> pthread_t? {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(ThreadBody(body))
    let created = pthread_create(
      &thread, nil,
      { context in
        ThreadCancellation.disable()
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
        return nil
      }, context.toOpaque())
    guard created == 0 else {
      context.release()
      return nil
    }
    return thread
  }
}

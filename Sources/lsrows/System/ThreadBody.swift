/// The work a new thread runs, boxed to pass through `pthread_create`.
final class ThreadBody {
  let body: () -> Void

  init(_ body: @escaping () -> Void) {
    self.body = body
  }
}

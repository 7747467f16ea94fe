import Glibc

/// lsrows never cancels a thread, and says so to glibc.
///
/// Once a process has a second thread, glibc wraps each call that is a
/// cancellation point (`openat`, `close`, `read`, `write`, waits) in two
/// atomic updates of the calling thread's cancellation state. A recursive
/// walk makes two such calls per directory on each thread: the wrappers
/// took 3% of its user time. With cancellation disabled and its type
/// asynchronous, they find the state as they would set it, and skip the
/// updates; nothing can be cancelled, as before.
enum ThreadCancellation {
  /// Turns cancellation off for the calling thread.
  static func disable() {
    pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), nil)
    pthread_setcanceltype(Int32(PTHREAD_CANCEL_ASYNCHRONOUS), nil)
  }
}

import Glibc

/// lsrows never cancels a thread, and says so to glibc.
///
/// Once a process has a second thread, glibc wraps each call that is a
/// cancellation point (`openat`, `close`, `read`, `write`, waits) in two
/// atomic updates of the calling thread's cancellation state, and a
/// recursive walk makes two such calls per directory on each thread. With
/// cancellation disabled and its type asynchronous, the wrappers find the
/// state as they would set it and skip the updates; nothing is cancelled
/// either way.
enum ThreadCancellation {
  /// Turns cancellation off for the calling thread.
  static func disable() {
    pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), nil)
    pthread_setcanceltype(Int32(PTHREAD_CANCEL_ASYNCHRONOUS), nil)
  }
}

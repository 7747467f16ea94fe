/// How a walk hands on what it produces: each event weighed for the
/// groups the writer takes.
extension TreeWalker {
  /// Ends the walk for want of memory: what was queued goes first, then
  /// the event that stops lsrows.
  func exhaust() {
    send(.exhausted)
    events.stop()
  }

  /// Takes `event` over: a borrowed event was copied into the group, a
  /// retain and a release of its listing for every run of rows.
  func send(_ event: consuming WalkEvent) {
    var weight = 0
    if case .rows(let listing, let range) = event {
      // A path weighs as a row per 64 bytes, so that a group holds the
      // listings of few deep directories, each with its own path.
      weight = range.count + (listing.location.pathPrefix.count >> 6)
    }
    events.append(event, weight: weight)
  }

  /// Hands the next group of events to `write`, which writes it on this
  /// thread, then keeps the group to let its events go a few at a time
  /// as the walk reaches each subdirectory (``releaseWritten()``).
  ///
  /// Let go at once, a group's listings would be freed together, before
  /// the next group's are made: glibc keeps seven freed blocks of a size
  /// for its thread and sends the rest through the heap's shared bins,
  /// where the next listings would split them again. A few at a time,
  /// each listing and path is freed just before the walk makes the next,
  /// and its entry list goes back to the pool just before the walk takes
  /// one to read into, still in the cache. A group another thread takes
  /// comes from ``next()``, which keeps nothing.
  ///
  /// - Returns: What `write` returned, whether to go on; `false` once the
  ///   walk is over.
  func writeNextGroup<Failure: Error>(
    _ write: ([WalkEvent]) throws(Failure) -> Bool
  ) throws(Failure) -> Bool {
    guard let group = next() else { return false }
    let goesOn = try write(group)
    written = group
    return goesOn
  }

  /// Lets go of a few written events (``writeNextGroup(_:)``): about
  /// what one directory sends.
  @inline(__always)
  func releaseWritten() {
    for _ in 0..<2 {
      guard !written.isEmpty else { return }
      written.removeLast()
    }
  }
}

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
}

import RowCore

/// Renders the rows of subtrees listed on a second thread as the lister's
/// output renders its own (``SubtreeRendering``): through a ``RowOutput``
/// of its own, on the thread that lists them, whose chunks go to the job
/// being rendered.
final class SubtreeRenderer: SubtreeRendering {
  /// The job whose chunks the output is rendering.
  private final class CurrentJob {
    var job: SubtreeJob?
  }

  private let output: RowOutput
  private let current = CurrentJob()

  /// - Parameter presentation: How rows are presented, as for standard output.
  init(_ presentation: Presentation) {
    let current = current
    output = RowOutput(
      presentation,
      sink: OutputSink(receiver: { chunk in _ = current.job?.output.append(.bytes(chunk)) }))
  }

  func append(_ events: [WalkEvent], to job: SubtreeJob) -> Bool {
    if current.job !== job {
      // The writing thread lists parts in turns: what is buffered is
      // the last part's.
      flush()
      current.job = job
    }
    var rest = events[...]
    while let event = rest.first {
      if event.holdsRows {
        // Rendering into memory cannot fail: its only error is a write's.
        try? output.write(spans: rest.takeRowSpans())
        continue
      }
      flush()
      guard job.output.append(.event(event)) else { return false }
      rest = rest.dropFirst()
    }
    return !job.output.isStopped
  }

  func finish(_ job: SubtreeJob) {
    guard current.job === job else { return }
    flush()
    current.job = nil
  }

  private func flush() {
    try? output.flush()
  }
}

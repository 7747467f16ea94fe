/// Memory ran out.
///
/// lsrows stops with ls's words, "memory exhausted", and status 2, rather
/// than letting the runtime abort with a crash report.
struct MemoryExhausted: Error, Equatable {}

/// Thrown once `--limit`'s rows are all written, to stop listing: nothing
/// more is read.
struct LimitReached: Error {}

/// What is wrong with a `--where` expression (or a `--sort-by` list): the
/// problem, the byte offset where it is, and the form that was expected.
struct QueryError: Error, Equatable, Sendable {
  let problem: String
  /// A byte offset into the expression.
  let offset: Int
  /// What would have been valid there.
  let expected: String
}

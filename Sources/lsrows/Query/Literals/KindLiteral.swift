/// A kind of file as `--where` names it: the words `{type}` shows, or the
/// words and letters of `--type` (fd's letters).
enum KindLiteral {
  static let expected = "a kind: file dir symlink fifo socket block char (or f d l p s b c)"

  static func parse(_ text: [UInt8]) -> FileKind? {
    let word = String(decoding: text, as: UTF8.self)
    if let kind = FileKind.allCases.first(where: { $0.word == word && $0 != .unknown }) {
      return kind
    }
    return FileKind.typeWords.first { $0.words.contains(word) }?.kind
  }
}

// Shared by the fuzz binary (`make fuzz`, built into the lsrows module with
// -D FUZZING) and by the tests, which replay Tests/fuzz-corpus.
import Foundation
import RowCore

#if !FUZZING
  @testable import lsrows
#endif

/// The fuzz targets, each a property over arbitrary bytes.
enum FuzzTarget: String, CaseIterable, Sendable {
  case parser, template, quoting, json, lscolors, version, query, values, gitignore
}

/// What each fuzz target checks.
///
/// A crash is a finding; so is a property that does not hold, which
/// `check` describes.
enum FuzzProperties {
  /// Checks `target`'s property on `input`.
  ///
  /// - Returns: `nil` when the property holds, else what went wrong.
  static func check(_ target: FuzzTarget, _ input: [UInt8]) -> String? {
    switch target {
    case .parser: parser(input)
    case .template: template(input)
    case .quoting: quoting(input)
    case .json: json(input)
    case .lscolors: colors(input)
    case .version: version(input)
    case .query: query(input)
    case .values: values(input)
    case .gitignore: gitignore(input)
    }
  }

  /// Words split at NUL: any command line parses or is refused with a message.
  static func parser(_ input: [UInt8]) -> String? {
    let words = input.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    do {
      guard case .list(let options) = try Options.parse(words) else { return nil }
      _ = try Configuration(
        options, environment: { _ in nil }, output: .standardOutput, warn: { _ in })
      return nil
    } catch {
      return Diagnostics.message(for: error).isEmpty ? "an empty message for \(error)" : nil
    }
  }

  /// The options and environment variables that take a value, which the
  /// `values` target fuzzes one at a time; `--where` and `--format` have
  /// targets of their own too.
  static let valueOptions = [
    "--where", "--format", "--sort-by", "--block-size", "--time-style", "--width", "--tabsize",
    "--max-depth", "--min-depth", "--type", "--sort", "--time", "--quoting-style",
    "--indicator-style", "--color", "--hyperlink", "--classify", "--prune", "--ignore", "--hide",
  ]
  static let valueVariables = [
    "BLOCK_SIZE", "LS_BLOCK_SIZE", "BLOCKSIZE", "TIME_STYLE", "COLUMNS", "QUOTING_STYLE",
    "LS_COLORS",
  ]

  /// Which option or variable an input of the `values` target sets, and to
  /// what: the first byte chooses, the bytes up to the next NUL are the
  /// value (a command line cannot hold a NUL).
  static func valueSetting(_ input: [UInt8]) -> (name: String, value: [UInt8])? {
    guard let first = input.first else { return nil }
    // Options added later come last, so that the corpus keeps its meaning.
    let names =
      valueOptions + valueVariables + ["--prune-where", "--fields", "--limit", "--sort-memory"]
    let value = input.dropFirst().prefix { $0 != 0 }
    return (names[Int(first) % names.count], Array(value))
  }

  /// One option or variable set to any value: it is taken, or refused with
  /// a message, never a trap (`-l` and `-s` make the sizes and times count).
  static func values(_ input: [UInt8]) -> String? {
    guard let (name, value) = valueSetting(input) else { return nil }
    var arguments = [Array("-ls".utf8)]
    var variable: (String, [UInt8])?
    if name.hasPrefix("--") {
      arguments.append(Array((name + "=").utf8) + value)
      // --fields is taken only with the records it picks the keys of.
      if name == "--fields" { arguments.append(Array("--json".utf8)) }
    } else {
      variable = (name, value)
      arguments.append(Array("--color=always".utf8))
    }
    do {
      guard case .list(let options) = try Options.parse(arguments) else { return nil }
      _ = try Configuration(
        options, environment: { $0 == variable?.0 ? variable?.1 : nil }, output: .standardOutput,
        warn: { _ in })
      return nil
    } catch {
      return Diagnostics.message(for: error).isEmpty ? "an empty message for \(error)" : nil
    }
  }

  /// Any template parses or is refused; what parses renders for a file.
  static func template(_ input: [UInt8]) -> String? {
    let template: Template
    do {
      template = try Template(parsing: input)
    } catch {
      return error.reason.isEmpty ? "an empty reason" : nil
    }
    var list = EntryList()
    let name = input.prefix(255).filter { $0 != 0 && $0 != UInt8(ascii: "/") }
    guard (try? list.append(name: name, status: nil, kind: .regularFile)) != nil else {
      return "no memory for one entry"
    }
    var output: [UInt8] = []
    TemplateEncoder(
      template: template, reader: FieldReader(accounts: AccountNames()),
      hidesControlCharacters: false
    ).append(FileRow(listing: Listing(list, at: .operands), position: 0), to: &output)
    let special = [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\")]
    if !input.contains(where: special.contains), output != input {
      return "a template without fields or escapes did not render as itself"
    }
    return nil
  }

  /// Every style quotes anything; literal changes nothing; the escaping
  /// styles leave nothing unprintable and decode back to the input.
  static func quoting(_ input: [UInt8]) -> String? {
    for style in QuotingStyle.allCases {
      let quoted = Quoting(style).quoted(input)
      switch style {
      case .literal:
        if quoted != input { return "literal changed the bytes" }
      case .shell, .shellAlways:
        break
      case .shellEscape, .shellEscapeAlways, .c, .cMaybe, .escape, .locale, .clocale:
        if quoted.contains(where: { !(0x20...0x7E).contains($0) }) {
          return "\(style.word) left an unprintable byte"
        }
      }
      let decoded: [UInt8]?
      switch style {
      case .shellEscape, .shellEscapeAlways: decoded = decodeShellWord(quoted)
      case .c, .cMaybe: decoded = quoted.first == UInt8(ascii: "\"") ? decodeC(quoted) : quoted
      case .escape: decoded = decodeBackslashes(quoted[...])
      default: decoded = input
      }
      if decoded != input {
        return
          "\(style.word) does not decode back: \(quoted) decoded to \(decoded.map(String.init(describing:)) ?? "nothing")"
      }
    }
    return nil
  }

  /// A name written as JSON text parses back, through Foundation's parser,
  /// to its repaired UTF-8, and its Base64 gives back the exact bytes.
  static func json(_ input: [UInt8]) -> String? {
    var repaired: [UInt8] = []
    UTF8Text.appendRepaired(input, to: &repaired)
    guard String(validating: repaired, as: UTF8.self) != nil else {
      return "repaired text is not UTF-8"
    }
    if UTF8Text.isValid(input) != (repaired == input) { return "isValid disagrees with the repair" }
    var document = Array("[".utf8)
    JSONString.append(repaired, to: &document)
    document.append(contentsOf: Array(",\"".utf8))
    appendBase64(input, to: &document)
    document.append(contentsOf: Array("\"]".utf8))
    guard let parsed = try? JSONSerialization.jsonObject(with: Data(document)) as? [String],
      parsed.count == 2
    else {
      return "not JSON: \(String(decoding: document, as: UTF8.self).debugDescription)"
    }
    if Array(parsed[0].utf8) != repaired { return "the JSON string does not read back" }
    if Data(base64Encoded: parsed[1]).map(Array.init) != input {
      return "the Base64 does not read back"
    }
    return nil
  }

  /// LS_COLORS parses or is refused; what parses colors every kind.
  static func colors(_ input: [UInt8]) -> String? {
    guard let palette = try? ColorPalette.parse(input) else { return nil }
    for kind in FileKind.allCases {
      _ = palette.sequence(name: input.prefix(64), status: nil, kind: kind, targetMode: nil)
    }
    _ = ColorPalette.isKnownTerminal(input)
    return nil
  }

  /// Any `--where` text parses, or is refused with a reason inside it.
  ///
  /// What parses evaluates on a file without crashing, and `not` negates it.
  /// Read as a glob, the input matches a name the same way through the
  /// literal-runs shortcut and the automaton.
  static func query(_ input: [UInt8]) -> String? {
    let now = Timestamp(seconds: 1_700_000_000, nanoseconds: 0)
    let expression: QueryExpression
    do {
      expression = try QueryParser.parse(input, now: now)
    } catch {
      if error.problem.isEmpty || error.expected.isEmpty { return "an empty message" }
      if error.offset < 0 || error.offset > input.count { return "an offset outside the text" }
      return nil
    }
    var list = EntryList()
    let name = input.prefix(255).filter { $0 != 0 && $0 != UInt8(ascii: "/") }
    guard
      (try? list.append(name: name.isEmpty ? [0x61] : name, status: nil, kind: .regularFile))
        != nil
    else { return "no memory for one entry" }
    let row = FileRow(listing: Listing(list, at: .operands), position: 0)
    let fields = FieldReader(accounts: AccountNames()).fields(of: row)
    if expression.holds(for: fields) == QueryExpression.not(expression).holds(for: fields) {
      return "not does not negate"
    }
    if let pattern = try? GlobPattern(parsing: input, matchesSlashes: true),
      pattern.matches(FieldText(name)) != pattern.matches(FieldText(name), usingRuns: false)
    {
      return "the shortcut and the automaton disagree"
    }
    return nil
  }

  /// An ignore file, then after a NUL up to eight NUL-separated paths: the
  /// file parses, each pattern decides each path (within the matcher's
  /// step limit), and two rules of git's matcher hold on each base name: a
  /// pattern that escapes every byte of it matches it and nothing longer,
  /// and `*` matches it.
  static func gitignore(_ input: [UInt8]) -> String? {
    let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let patterns = GitIgnorePattern.patterns(in: Array(parts[0]))
    let paths =
      parts.count > 1
      ? parts[1].split(separator: 0).prefix(8).map { Array($0.prefix(1024)) } : [[0x61]]
    let scope = GitIgnoreScope(
      parent: nil,
      excludes: GitRepositoryExcludes(
        infoExclude: patterns, excludesFile: patterns.reversed()),
      directory: [], patterns: patterns)
    for path in paths {
      let slash = UInt8(ascii: "/")
      let name = Array(path.split(separator: slash).last ?? [])
      guard !name.isEmpty else { continue }
      for isDirectory in [false, true] {
        _ = scope.excludes(name[...], isDirectory: isDirectory)
        for pattern in patterns {
          _ = path.withUnsafeBufferPointer { path in
            pattern.matches(
              path: path, baseNameStart: 0, isDirectory: isDirectory,
              base: UnsafeBufferPointer(rebasing: path[..<(path.firstIndex(of: slash) ?? 0)]))
          }
        }
      }
      let escaped = name.flatMap { [UInt8(ascii: "\\"), $0] }
      if !WildMatch.matches(escaped, name, pathname: false) {
        return "a name with every byte escaped does not match itself"
      }
      if WildMatch.matches(escaped, name + [0x61], pathname: false) {
        return "a name with every byte escaped matches a longer one"
      }
      if !WildMatch.matches([UInt8(ascii: "*")], name, pathname: true) {
        return "* does not match a name"
      }
    }
    return nil
  }

  /// Version order with its byte-wise tie-break is a total order on any
  /// three names: antisymmetric, transitive, equal only for equal bytes.
  static func version(_ input: [UInt8]) -> String? {
    let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(
      Array.init)
    guard parts.count == 3 else { return nil }
    return totalOrder(parts[0], parts[1], parts[2]) { x, y in
      let order = x.withUnsafeBufferPointer { x in
        y.withUnsafeBufferPointer { y in compareVersions(x, y) }
      }
      if order != 0 { return order.signum() }
      return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
    }
  }

  /// Whether `compare` (-1, 0, 1) is a total order on `a`, `b` and `c`;
  /// `nil` when it is, else how it is not.
  static func totalOrder(
    _ a: [UInt8], _ b: [UInt8], _ c: [UInt8], by compare: ([UInt8], [UInt8]) -> Int
  ) -> String? {
    for (x, y) in [(a, b), (b, c), (a, c)] {
      if compare(x, y) != -compare(y, x) { return "not antisymmetric" }
      if (compare(x, y) == 0) != (x == y) { return "equal for different names" }
    }
    for (x, y, z) in [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)]
    where compare(x, y) <= 0 && compare(y, z) <= 0 && compare(x, z) > 0 {
      return "not transitive"
    }
    return nil
  }

  // MARK: - Decoders, independent of the quoting code

  /// Decodes a word a POSIX shell would read: '...', $'...', "..." (as C
  /// escapes, which is how quotearg writes a name holding a quote) and \x.
  static func decodeShellWord(_ word: [UInt8]) -> [UInt8]? {
    var output: [UInt8] = []
    var index = 0
    while index < word.count {
      switch word[index] {
      case UInt8(ascii: "'"):
        guard let close = word[(index + 1)...].firstIndex(of: UInt8(ascii: "'")) else { return nil }
        output += word[(index + 1)..<close]
        index = close + 1
      case UInt8(ascii: "$"):
        guard index + 1 < word.count, word[index + 1] == UInt8(ascii: "'"),
          let (text, end) = decodeEscaped(word, from: index + 2, closing: UInt8(ascii: "'"))
        else { return nil }
        output += text
        index = end
      case UInt8(ascii: "\""):
        guard let (text, end) = decodeEscaped(word, from: index + 1, closing: UInt8(ascii: "\""))
        else { return nil }
        output += text
        index = end
      case UInt8(ascii: "\\"):
        guard index + 1 < word.count else { return nil }
        output.append(word[index + 1])
        index += 2
      default:
        output.append(word[index])
        index += 1
      }
    }
    return output
  }

  static func decodeC(_ word: [UInt8]) -> [UInt8]? {
    guard let (text, end) = decodeEscaped(word, from: 1, closing: UInt8(ascii: "\"")),
      end == word.count
    else {
      return nil
    }
    return text
  }

  static func decodeBackslashes(_ word: ArraySlice<UInt8>) -> [UInt8]? {
    var copy = Array(word)
    copy.append(0)  // a closing byte the text cannot hold
    guard let (text, end) = decodeEscaped(copy, from: 0, closing: 0), end == copy.count else {
      return nil
    }
    return text
  }

  /// C escapes up to an unescaped `closing`; returns the text and the index after it.
  static func decodeEscaped(_ word: [UInt8], from start: Int, closing: UInt8) -> ([UInt8], Int)? {
    var output: [UInt8] = []
    var index = start
    while index < word.count {
      let byte = word[index]
      if byte == closing { return (output, index + 1) }
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < word.count else { return nil }
      let escaped = word[index + 1]
      index += 2
      switch escaped {
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = Int(escaped - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, index < word.count,
          (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(word[index])
        {
          value = value * 8 + Int(word[index] - UInt8(ascii: "0"))
          index += 1
          digits += 1
        }
        output.append(UInt8(truncatingIfNeeded: value))
      case UInt8(ascii: "a"): output.append(0x07)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "v"): output.append(0x0B)
      default: output.append(escaped)
      }
    }
    return nil
  }
}

import Glibc

/// Runs lsrows and `LC_ALL=C ls -1` with the same options and operands and
/// says how their bytes, messages and exit statuses differ, if they do.
///
/// ls heads each directory with `DIR:` and leaves a blank line between
/// directories, where lsrows starts each row with its path (`DIR/name`, or
/// with one operand the path below it) and lists `-R` in pre-order; ls
/// writes a `total` line for `-l` and `-s`; and ls's `-l` times default to
/// the locale style, lsrows's to long-iso. The comparison takes those
/// documented differences out, and nothing else: each of ls's rows must be
/// one of lsrows's, in the same order within its directory.
struct LsComparison {
  /// The lsrows to run: a copy that uid 65534 can reach, for ``asNobody``.
  var lsrowsBinary = Programs.lsrows
  /// Variables for both programs, over the C locale.
  var environment: [String: String?] = [:]
  /// Runs both as uid and gid 65534, which cannot read what root can.
  var asNobody = false
  /// Words that run lsrows (not ls) inside something: `unshare …`.
  var lsrowsWrapper: [String] = []

  private func run(_ program: String, _ arguments: [[UInt8]], in directory: String) -> ProcessResult
  {
    var merged = Programs.cLocale
    for (name, value) in environment { merged.updateValue(value, forKey: name) }
    // Root enters the directory, so that the user can be in one it could
    // not enter.
    let nobody = [
      bytes("setpriv"), bytes("--reuid=65534"), bytes("--regid=65534"), bytes("--clear-groups"),
    ]
    let words =
      [bytes("env"), bytes("-C"), bytes(directory)] + (asNobody ? nobody : [])
      + [bytes(program)] + arguments
    return runProcess(
      String(decoding: words[0], as: UTF8.self), Array(words.dropFirst()), environment: merged)
  }

  /// The differences, or `nil` when lsrows wrote what ls wrote.
  func differences(options: [String], operands: [String] = [], in directory: String) -> String? {
    let arguments = (options + operands).map(bytes)
    var lsOptions = ["-1"]
    let choosesStyle = options.contains { $0.hasPrefix("--time-style") || $0 == "--full-time" }
    if !choosesStyle && environment["TIME_STYLE"] == nil {
      lsOptions.append("--time-style=long-iso")
    }
    let theirs = run("ls", lsOptions.map(bytes) + arguments, in: directory)
    let ours =
      lsrowsWrapper.isEmpty
      ? run(lsrowsBinary, arguments, in: directory)
      : run(
        lsrowsWrapper[0], (lsrowsWrapper.dropFirst() + [lsrowsBinary]).map(bytes) + arguments,
        in: directory)
    let command = (options + operands).map { "'\($0)'" }.joined(separator: " ")
    if ours.signal != nil || theirs.signal != nil {
      return "\(command): a signal: ours \(ours), theirs \(theirs)"
    }
    if ours.exitStatus != theirs.exitStatus {
      return "\(command): exit status \(String(describing: ours.exitStatus)), ls "
        + "\(String(describing: theirs.exitStatus))\n"
        + "ours: \(ours.errorText)\nls: \(theirs.errorText)"
    }
    if ours.standardError != asLsrowsMessages(theirs.standardError) {
      return "\(command): messages differ\nours: \(ours.errorText)\nls: \(theirs.errorText)"
    }
    let zero = options.contains("--zero") || options.contains("-0") || options.contains("--null")
    return Self.rowDifferences(
      ours: ours.standardOutput, theirs: theirs.standardOutput, zero: zero,
      operands: operands.map(bytes)
    ).map { "\(command): \($0)" }
  }

  /// One of ls's rows, and the directory heading it came under.
  struct LsRow {
    let heading: [UInt8]?
    let text: [UInt8]
  }

  /// ls's rows, without headings, blank lines and totals.
  static func lsRows(_ output: [UInt8], zero: Bool) -> [LsRow] {
    var rows: [LsRow] = []
    var heading: [UInt8]?
    let total = bytes("total ")
    if zero {
      // Rows end with NUL; headings and blank lines still end with newline.
      for var token in output.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
      {
        while true {
          if token.first == 0x0A {
            token.removeFirst()
            continue
          }
          if let end = token.firstRange(of: bytes(":\n")),
            !token[..<end.lowerBound].contains(0x0A)
          {
            heading = Array(token[..<end.lowerBound])
            token.removeSubrange(..<end.upperBound)
            continue
          }
          break
        }
        if token.isEmpty || token.starts(with: total) { continue }
        rows.append(LsRow(heading: heading, text: token))
      }
      return rows
    }
    var afterBlank = true
    for line in splitRows(output) {
      if line.isEmpty {
        afterBlank = true
        continue
      }
      if afterBlank && line.last == UInt8(ascii: ":") {
        heading = Array(line.dropLast())
        afterBlank = false
        continue
      }
      afterBlank = false
      if line.starts(with: total) { continue }
      rows.append(LsRow(heading: heading, text: line))
    }
    return rows
  }

  /// Matches lsrows's rows to ls's, directory by directory.
  static func rowDifferences(
    ours: [UInt8], theirs: [UInt8], zero: Bool, operands: [[UInt8]]
  ) -> String? {
    let expected = lsRows(theirs, zero: zero)
    let actual = splitRows(ours, terminator: zero ? 0 : 0x0A)
    guard expected.count == actual.count else {
      return "\(actual.count) rows, ls \(expected.count)\nours: \(Text(ours))\nls: \(Text(theirs))"
    }
    var headings: [[UInt8]?] = []
    var queues: [[[UInt8]]] = []
    for row in expected {
      if let index = headings.firstIndex(where: { $0 == row.heading }) {
        queues[index].append(row.text)
      } else {
        headings.append(row.heading)
        queues.append([row.text])
      }
    }
    let prefixes = headings.map { prefix(for: $0, operands: operands) }
    // Longest prefixes first: a row of d/sub starts with d/ too.
    let order = prefixes.indices.sorted { prefixes[$0].count > prefixes[$1].count }
    // Each row goes to a section whose next row it is. A row can fit two
    // (the operand `d/l` and the row `l` of directory `d`), so a choice
    // that strands a later row is taken back.
    var positions = [Int](repeating: 0, count: queues.count)
    var furthest = 0
    func place(_ index: Int, after last: Int?) -> Bool {
      furthest = max(furthest, index)
      guard index < actual.count else { return true }
      let row = actual[index]
      for section in order where positions[section] < queues[section].count {
        let prefix = prefixes[section]
        var candidates: [[UInt8]] = []
        if let stripped = removing(prefix, from: row) { candidates.append(stripped) }
        // A name's second line (a newline in it) has no prefix of its own.
        if prefix.isEmpty || section == last { candidates.append(row) }
        guard candidates.contains(queues[section][positions[section]]) else { continue }
        positions[section] += 1
        if place(index + 1, after: section) { return true }
        positions[section] -= 1
      }
      return false
    }
    guard place(0, after: nil) else {
      return "row \(Text(actual[furthest])) is none of ls's next rows\nours: \(Text(ours))"
        + "\nls: \(Text(theirs))"
    }
    return nil
  }

  /// What lsrows puts before the names of the directory ls heads `heading`.
  private static func prefix(for heading: [UInt8]?, operands: [[UInt8]]) -> [UInt8] {
    guard var heading else { return [] }
    // With --hyperlink, ls links headings too: keep the text inside.
    let opening = bytes("\u{1B}]8;;")
    if heading.starts(with: opening), let textStart = heading.firstIndex(of: 0x07),
      let textEnd = heading.lastRange(of: opening)
    {
      heading = Array(heading[(textStart + 1)..<textEnd.lowerBound])
    }
    // A quoting style quotes headings too; fixture directories need none
    // but the quotes themselves.
    if heading.count >= 2, heading.first == heading.last,
      heading.first == UInt8(ascii: "'") || heading.first == UInt8(ascii: "\"")
    {
      heading = Array(heading.dropFirst().dropLast())
    }
    let slash = UInt8(ascii: "/")
    if operands.count > 1 { return heading.last == slash ? heading : heading + [slash] }
    var operand = operands.first ?? [UInt8(ascii: ".")]
    if operand.last != slash { operand.append(slash) }
    guard heading.starts(with: operand) else { return [] }
    return Array(heading.dropFirst(operand.count)) + [slash]
  }

  /// `row` without the first `prefix` that starts a path (not preceded by
  /// `/` or `.`), or `nil`.
  private static func removing(_ prefix: [UInt8], from row: [UInt8]) -> [UInt8]? {
    guard !prefix.isEmpty, prefix.count <= row.count else { return nil }
    var start = 0
    while start + prefix.count <= row.count {
      if row[start..<start + prefix.count].elementsEqual(prefix),
        start == 0 || (row[start - 1] != UInt8(ascii: "/") && row[start - 1] != UInt8(ascii: "."))
      {
        return Array(row[..<start] + row[(start + prefix.count)...])
      }
      start += 1
    }
    return nil
  }
}

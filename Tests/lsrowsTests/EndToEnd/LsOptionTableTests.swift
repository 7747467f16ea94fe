import Testing

/// The README and the man page carry one table of GNU ls's options and what
/// lsrows makes of each; it must name exactly the options `ls --help`
/// prints on the machine that runs the tests, so it cannot go stale.
@Suite struct LsOptionTableTests {
  /// The options ls documents: the option column of each line of its help
  /// that starts with an option (the text after the column can mention
  /// others, as `-lt`).
  static let lsOptions: Set<String> = {
    let help = runProcess("ls", [bytes("--help")], environment: Programs.cLocale).outputText
    var options = Set<String>()
    for line in help.split(separator: "\n") {
      let item = line.drop { $0 == " " }
      guard line.hasPrefix(" "), item.hasPrefix("-") else { continue }
      let column = item.firstRange(of: "  ").map { item[..<$0.lowerBound] } ?? item
      options.formUnion(ShippingTests.mentionedOptions(in: String(column)))
    }
    return options
  }()

  @Test func lsHasHelpToCompareWith() {
    // Guards the tests below against an empty list that any table matches.
    #expect(Self.lsOptions.isSuperset(of: ["-a", "--all", "-1", "--zero", "--help"]))
  }

  @Test func theReadmeTableNamesEveryLsOptionAndNoOther() {
    let readme = ShippingTests.read("README.md")
    guard let header = readme.firstRange(of: "| ls option | lsrows |\n") else {
      Issue.record("the README has no ls option table")
      return
    }
    var options = Set<String>()
    for line in readme[header.upperBound...].split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .dropFirst() {
      guard line.hasPrefix("|") else { break }
      let firstColumn = line.split(separator: "|", omittingEmptySubsequences: false)[1]
      options.formUnion(ShippingTests.mentionedOptions(in: String(firstColumn)))
    }
    #expect(options.symmetricDifference(Self.lsOptions).isEmpty, difference(options))
  }

  @Test func theManPageTableNamesEveryLsOptionAndNoOther() {
    let page = ShippingTests.read("docs/lsrows.1")
    guard let start = page.firstRange(of: ".SH \"COMPATIBILITY WITH LS\"\n") else {
      Issue.record("the man page has no COMPATIBILITY WITH LS section")
      return
    }
    let section = page[start.upperBound...]
    let end = section.firstRange(of: "\n.SH ")?.lowerBound ?? section.endIndex
    let lines = section[..<end].split(separator: "\n")
    var options = Set<String>()
    // Each entry is a tagged paragraph: `.TP`, then the line naming it.
    for (line, next) in zip(lines, lines.dropFirst()) where line == ".TP" {
      // roff writes a hyphen as `\-`.
      options.formUnion(ShippingTests.mentionedOptions(in: String(next.filter { $0 != "\\" })))
    }
    #expect(options.symmetricDifference(Self.lsOptions).isEmpty, difference(options))
  }

  private func difference(_ options: Set<String>) -> Comment {
    let missing = Self.lsOptions.subtracting(options).sorted()
    let extra = options.subtracting(Self.lsOptions).sorted()
    return Comment(rawValue: "missing \(missing), not ls's \(extra)")
  }
}

import Testing

@testable import lsrows

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

  /// Every prefix of every long option of ls means in lsrows what it
  /// means in ls: the option it alone begins, or an ambiguity; lsrows's
  /// own options never make a prefix ls takes ambiguous.
  @Test func everyPrefixOfAnLsOptionMeansWhatItMeansInLs() throws {
    let longs = Self.lsOptions.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
    #expect(longs.count > 30)
    var checked = 0
    for name in longs {
      for length in 1...name.count {
        let prefix = String(name.prefix(length))
        let matches = longs.filter { $0.hasPrefix(prefix) }
        let parser = ArgumentParser([], table: OptionSpec.table)
        let resolved = Result { try parser.resolve(bytes(prefix), word: bytes("--" + prefix)) }
        if longs.contains(prefix) || matches.count == 1 {
          let meant = longs.contains(prefix) ? prefix : matches[0]
          let expected = try #require(OptionSpec.table.first { $0.long.contains(meant) })
          #expect(
            (try? resolved.get())?.0.id == expected.id, "--\(prefix) should be --\(meant)")
        } else {
          #expect(throws: UsageError.self, "--\(prefix) is ambiguous in ls") {
            try resolved.get()
          }
        }
        checked += 1
      }
    }
    #expect(checked > 300)
  }

  private func difference(_ options: Set<String>) -> Comment {
    let missing = Self.lsOptions.subtracting(options).sorted()
    let extra = options.subtracting(Self.lsOptions).sorted()
    return Comment(rawValue: "missing \(missing), not ls's \(extra)")
  }
}

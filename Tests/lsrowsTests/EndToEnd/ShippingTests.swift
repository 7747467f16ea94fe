import Glibc
import Testing

@testable import lsrows

/// The files that ship with lsrows: man page, help, completions, install.
@Suite struct ShippingTests {
  static let root: String = {
    let here = #filePath
    // Tests/lsrowsTests/EndToEnd/ShippingTests.swift
    return "/" + here.split(separator: "/").dropLast(4).joined(separator: "/")
  }()

  static func read(_ path: String) -> String {
    runProcess("cat", [bytes(root + "/" + path)]).outputText
  }

  /// Every spelling the parser accepts: `--name` and `-x`.
  static let parserOptions: Set<String> = {
    var names = Set<String>()
    for spec in OptionSpec.table {
      for long in spec.long { names.insert("--" + long) }
      if let short = spec.short { names.insert("-" + String(UnicodeScalar(short))) }
    }
    return names
  }()

  /// The option spellings a text mentions: `--word` and `-x` at word starts.
  static func mentionedOptions(in text: String) -> Set<String> {
    var names = Set<String>()
    let characters = Array(text.utf8)
    func isWord(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
    var index = 0
    while index < characters.count {
      let startsWord =
        index == 0 || !(isWord(characters[index - 1]) || characters[index - 1] == UInt8(ascii: "-"))
      guard characters[index] == UInt8(ascii: "-"), startsWord else {
        index += 1
        continue
      }
      var end = index + 1
      if end < characters.count && characters[end] == UInt8(ascii: "-") {
        end += 1
        while end < characters.count
          && (isWord(characters[end]) || characters[end] == UInt8(ascii: "-"))
        { end += 1 }
        if end - index > 2 {
          names.insert(String(decoding: characters[index..<end], as: UTF8.self))
        }
      } else if end < characters.count && isWord(characters[end])
        && !(end + 1 < characters.count
          && (isWord(characters[end + 1]) || characters[end + 1] == UInt8(ascii: "-")))
      {
        end += 1
        names.insert(String(decoding: characters[index..<end], as: UTF8.self))
      }
      index = max(end, index + 1)
    }
    return names
  }

  /// Checks that `mentioned` names every option the parser accepts and no other.
  func expectEveryParserOption(
    _ mentioned: Set<String>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      mentioned.subtracting(Self.parserOptions).isEmpty,
      "\(mentioned.subtracting(Self.parserOptions))", sourceLocation: sourceLocation)
    #expect(
      Self.parserOptions.subtracting(mentioned).isEmpty,
      "\(Self.parserOptions.subtracting(mentioned))", sourceLocation: sourceLocation)
  }

  @Test func helpMentionsEveryOptionAndNoOther() {
    let help = lsrows("--help").outputText
    let mentioned = Self.mentionedOptions(in: help)
    expectEveryParserOption(mentioned)
  }

  @Test func manPageMentionsEveryOptionAndNoOther() {
    // The man page as text: roff's \- is a hyphen, \fB..\fR are fonts.
    let source = Self.read("docs/lsrows.1")
    let text = source.replacing("\\-", with: "-").replacing(try! Regex(#"\\f[BIRP]"#), with: "")
    let optionsSection = String(
      text[
        text.firstRange(of: ".SH OPTIONS")!
          .lowerBound..<text.firstRange(of: ".SH \"EXIT STATUS\"")!.lowerBound])
    let mentioned = Self.mentionedOptions(in: optionsSection)
    expectEveryParserOption(mentioned)
  }

  @Test(.enabled(if: access("/usr/bin/groff", X_OK) == 0, "groff is not installed"))
  func manPageHasNoGroffWarnings() {
    let result = runProcess(
      "groff", [bytes("-man"), bytes("-ww"), bytes("-z"), bytes(Self.root + "/docs/lsrows.1")])
    #expect(result.exitStatus == 0)
    #expect(result.errorText == "")
  }

  @Test func manPageHasTheSections() {
    let source = Self.read("docs/lsrows.1")
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "\"EXIT STATUS\"", "ENVIRONMENT", "EXAMPLES",
      "\"SEE ALSO\"",
    ] {
      #expect(source.contains(".SH \(section)\n"), "\(section)")
    }
    for variable in ["LS_COLORS", "NO_COLOR", "QUOTING_STYLE", "TZ"] {
      #expect(
        source.contains(".B \(variable)\n") || source.contains(".BR \(variable) "), "\(variable)")
    }
  }

  /// Every field of the one field model is named wherever fields are
  /// listed: add a field in Field.swift and this names the places left.
  @Test(arguments: [
    "docs/lsrows.1", "completions/lsrows.bash", "completions/_lsrows", "completions/lsrows.fish",
    "README.md",
  ])
  func everyFieldIsDocumented(file: String) {
    let text = Self.read(file)
    for field in Field.allCases {
      #expect(text.contains("{\(field.rawValue)}"), "\(file) does not name {\(field.rawValue)}")
    }
  }

  @Test func helpListsEveryField() {
    let help = lsrows("--help").outputText
    for field in Field.allCases {
      #expect(help.contains("{\(field.rawValue)}  "), "{\(field.rawValue)}")
    }
  }

  @Test func versionComesFromOnePlace() {
    #expect(lsrows("--version").outputText == "lsrows \(lsrowsVersion)\n")
    #expect(Self.read("CHANGELOG.md").contains("## \(lsrowsVersion) "))
    #expect(Self.read("docs/lsrows.1").contains("\"lsrows \(lsrowsVersion)\""))
  }

  @Test func helpStartsWithUsage() {
    let help = lsrows("--help").outputText
    #expect(help.hasPrefix("Usage: lsrows [OPTION]... [PATH]...\nList the entries of each PATH"))
    #expect(help.hasSuffix("write error).\n"))
  }

  /// Runs bash with the completion loaded and returns what it offers.
  func completions(_ words: [String], current: Int) -> String {
    let script = """
      source "$1"
      complete -p lsrows >/dev/null || exit 3
      shift
      COMP_WORDS=("$@"); COMP_CWORD=\(current)
      _lsrows
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    return runProcess(
      "bash",
      [bytes("-c"), bytes(script), bytes("bash"), bytes(Self.root + "/completions/lsrows.bash")]
        + words.map(bytes)
    ).outputText
  }

  @Test func bashCompletesOptionsAndTheirWords() {
    #expect(
      completions(["lsrows", "--so"], current: 1) == "--sort-by=\n--sort-memory=\n--sort=\n")
    #expect(completions(["lsrows", "--sort-"], current: 1) == "--sort-by=\n--sort-memory=\n")
    #expect(
      completions(["lsrows", "--sort-by=size,-m"], current: 1)
        == "--sort-by=size,-mode\n--sort-by=size,-mtime\n--sort-by=size,-mtime_epoch\n")
    let words = "name\nnone\nsize\ntime\nextension\nversion\nwidth\n"
    #expect(completions(["lsrows", "--sort", "=", ""], current: 3) == words)
    #expect(
      completions(["lsrows", "--sort="], current: 1)
        == words.split(separator: "\n").map { "--sort=\($0)\n" }.joined())
    #expect(completions(["lsrows", "--sort", "ti"], current: 2) == "time\n")
    #expect(
      completions(["lsrows", "--quoting-style", "=", "shell-e"], current: 3)
        == "shell-escape\nshell-escape-always\n")
  }

  @Test func bashOffersEveryLongOption() {
    let offered = Set(
      completions(["lsrows", "--"], current: 1).split(separator: "\n").map {
        String($0.hasSuffix("=") ? $0.dropLast() : $0)
      })
    let long = Set(Self.parserOptions.filter { $0.hasPrefix("--") })
    #expect(offered == long)
  }

  @Test func installPutsEachFileInItsPlaceAndUninstallRemovesThem() {
    let destination = TemporaryDirectory()
    let make = { (target: String) in
      runProcess(
        "make",
        [
          bytes("-C"), bytes(Self.root), bytes(target), bytes("LSROWS=" + Programs.lsrows),
          bytes("PREFIX=/usr"), bytes("DESTDIR=" + destination.path),
        ])
    }
    let installed = make("install-files")
    #expect(installed.exitStatus == 0, "\(installed)")
    let files = runProcess(
      "sh",
      [
        bytes("-c"), bytes("cd \"$1\" && find . -type f | LC_ALL=C sort"), bytes("sh"),
        bytes(destination.path),
      ])
    #expect(
      files.outputText == """
        ./usr/bin/lsrows
        ./usr/share/bash-completion/completions/lsrows
        ./usr/share/fish/vendor_completions.d/lsrows.fish
        ./usr/share/man/man1/lsrows.1
        ./usr/share/zsh/site-functions/_lsrows

        """)
    let version = runProcess(destination.path + "/usr/bin/lsrows", [bytes("--version")])
    #expect(version.outputText == "lsrows \(lsrowsVersion)\n")
    #expect(make("uninstall").exitStatus == 0)
    let left = runProcess(
      "sh",
      [
        bytes("-c"), bytes("cd \"$1\" && find . -type f | wc -l"), bytes("sh"),
        bytes(destination.path),
      ])
    #expect(left.outputText.trimmingPrefix(while: { $0 == " " }) == "0\n")
  }
}

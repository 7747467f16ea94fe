import Testing

/// The folders of `Sources/lsrows` are layers, and a file names only what
/// its folder may: the rule the README's Architecture section states,
/// checked on the sources themselves.
///
/// A name counts as used when it appears in code (comments and string
/// literals aside) and a top-level type or function of another folder
/// declares it.
@Suite struct LayerTests {
  /// Each folder, lowest first, with the folders it may name.
  static let rules: [(folder: String, mayName: Set<String>)] = [
    ("System", []),
    ("Text", ["System"]),
    ("Rows", ["System", "Text"]),
    ("Fields", ["System", "Text", "Rows"]),
    ("Model", ["System", "Text", "Rows", "Fields"]),
    ("Query", ["System", "Text", "Rows", "Fields", "Model"]),
    ("Listing", ["System", "Text", "Rows", "Fields", "Model", "Query"]),
    ("Output", ["System", "Text", "Rows", "Fields", "Model", "Query"]),
    ("CommandLine", ["System", "Text", "Rows", "Fields", "Model", "Query", "Output"]),
    (
      "Diagnostics",
      ["System", "Text", "Rows", "Fields", "Model", "Query", "Listing", "Output", "CommandLine"]
    ),
    (
      "Configuration",
      [
        "System", "Text", "Rows", "Fields", "Model", "Query", "Listing", "Output", "CommandLine",
        "Diagnostics",
      ]
    ),
  ]

  static let sources = ShippingTests.root + "/Sources/lsrows"

  /// Every Swift file, by its folder (`""` for the files at the top).
  static func files() -> [(folder: String, path: String, text: String)] {
    let list = runProcess("find", [bytes(sources), bytes("-name"), bytes("*.swift")])
    return list.outputText.split(separator: "\n").map(String.init).sorted().map { path in
      let relative = path.dropFirst(sources.count + 1)
      let parts = relative.split(separator: "/")
      return (
        parts.count > 1 ? String(parts[0]) : "", path,
        ShippingTests.read(String(path.dropFirst(ShippingTests.root.count + 1)))
      )
    }
  }

  /// The names a file declares at the top level (types and functions).
  static func declarations(in text: String) -> [String] {
    let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "func"]
    var names: [String] = []
    for line in text.split(separator: "\n") where line.first?.isLetter == true {
      let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
      if words.first == "private" || words.first == "fileprivate" || words.first == "extension" {
        continue
      }
      guard let keyword = words.firstIndex(where: keywords.contains), keyword + 1 < words.count
      else { continue }
      names.append(String(words[keyword + 1]))
    }
    return names
  }

  /// The identifiers a file's code uses, comments and string literals aside.
  static func identifiers(in text: String) -> Set<String> {
    var code = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var inString = false
      var previous: Character = " "
      var kept = ""
      for character in line {
        if !inString && character == "/" && previous == "/" {
          kept.removeLast()
          break
        }
        if character == "\"" && previous != "\\" { inString.toggle() }
        if !inString { kept.append(character) }
        previous = character
      }
      code += kept + "\n"
    }
    var identifiers = Set<String>()
    var current = ""
    var afterDot = false
    for character in code {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
        continue
      }
      if !current.isEmpty && !afterDot { identifiers.insert(current) }
      afterDot = character == "."
      current = ""
    }
    return identifiers
  }

  @Test func everyFolderNamesOnlyTheLayersBelowIt() {
    let files = Self.files()
    #expect(files.count > 100)
    var owner: [String: String] = [:]
    for file in files where !file.folder.isEmpty {
      for name in Self.declarations(in: file.text) where owner[name] == nil {
        owner[name] = file.folder
      }
    }
    #expect(owner["FileKind"] == "System")
    #expect(owner["RowFilter"] == "Query")
    let folders = Set(files.map(\.folder)).subtracting([""])
    #expect(
      folders == Set(Self.rules.map(\.folder)),
      "a folder without a rule, or a rule without a folder")
    for file in files where !file.folder.isEmpty {
      guard let rule = Self.rules.first(where: { $0.folder == file.folder }) else { continue }
      for name in Self.identifiers(in: file.text) {
        guard let folder = owner[name], folder != file.folder else { continue }
        #expect(
          rule.mayName.contains(folder),
          "\(file.path.dropFirst(Self.sources.count + 1)) names \(name) of \(folder)")
      }
    }
  }

  @Test func theCheckSeesWhatItShould() {
    #expect(
      Self.declarations(
        in: "struct A {}\nfinal class B {}\nprivate enum C {}\nfunc d() {}\n  struct E {}\n") == [
          "A", "B", "d",
        ])
    let used = Self.identifiers(in: "let x = Foo() // Bar\nlet s = \"Baz\"\nx.Qux()\n")
    #expect(used.contains("Foo") && used.contains("x"))
    #expect(!used.contains("Bar") && !used.contains("Baz") && !used.contains("Qux"))
  }

  @Test func rowCoreImportsThePlatformOnlyWhereItCan() {
    let list = runProcess(
      "find", [bytes(ShippingTests.root + "/Sources/RowCore"), bytes("-name"), bytes("*.swift")])
    for path in list.outputText.split(separator: "\n") {
      let text = ShippingTests.read(String(path.dropFirst(ShippingTests.root.count + 1)))
      var guarded = 0
      for line in text.split(separator: "\n") {
        let trimmed = line.drop(while: { $0 == " " })
        if trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif") { guarded += 1 }
        if trimmed.hasPrefix("#endif") { guarded -= 1 }
        if trimmed.hasPrefix("import ") {
          #expect(guarded > 0, "\(path): \(trimmed) outside #if canImport")
        }
      }
    }
  }
}

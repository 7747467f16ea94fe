import Glibc
import Testing

/// Every code example in RowCore's doc comments appears, line for line, in
/// DocumentationExamples.swift, where it is compiled and its results
/// checked: an example that stops compiling or lies fails a test.
@Suite struct DocumentationExampleTests {
  static let root: String = {
    // Tests/RowCoreTests/DocumentationExampleTests.swift
    "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
  }()

  /// The ```swift blocks of the `///` comments in `source`, each a list of
  /// lines without the comment markers and the common indentation.
  static func examples(in source: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("///") else { continue }
      var body = trimmed.dropFirst(3)
      if body.hasPrefix(" ") { body = body.dropFirst() }
      if body.hasPrefix("```") {
        if let block = current {
          blocks.append(block)
          current = nil
        } else {
          current = []
        }
      } else if current != nil {
        current!.append(String(body))
      }
    }
    return blocks
  }

  /// A line with runs of spaces made one, and none at the ends.
  static func normalized(_ line: String) -> String {
    line.split(separator: " ").joined(separator: " ")
  }

  static func lines(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.drop { $0 == " " })
    }
  }

  /// Whether `block` appears as consecutive lines of `text`, spacing aside
  /// (the formatter aligns comments differently in the two places).
  static func contains(_ text: [String], _ block: [String]) -> Bool {
    let wanted = block.map(normalized)
    let text = text.map(normalized)
    guard !wanted.isEmpty, wanted.count <= text.count else { return wanted.isEmpty }
    return (0...(text.count - wanted.count)).contains { start in
      Array(text[start..<start + wanted.count]) == wanted
    }
  }

  @Test func everyExampleIsCompiledAndChecked() throws {
    let sources = try Self.files(in: Self.root + "/Sources/RowCore")
    let compiled = Self.lines(
      of: try textOfFile(Self.root + "/Tests/RowCoreTests/DocumentationExamples.swift"))
    let readme = Self.lines(
      of: try textOfFile(Self.root + "/Tests/RowCoreTests/ReadmeExampleTests.swift"))
    var count = 0
    for file in sources {
      for block in Self.examples(in: try textOfFile(file)) {
        count += 1
        #expect(
          Self.contains(compiled, block) || Self.contains(readme, block),
          "\(file): an example not in DocumentationExamples.swift:\n\(block.joined(separator: "\n"))"
        )
      }
    }
    #expect(count >= 40)
  }

  @Test func everyPublicDeclarationHasAnExample() throws {
    for file in try Self.files(in: Self.root + "/Sources/RowCore") {
      var sawExample = false
      for line in try textOfFile(file).split(separator: "\n") {
        let code = line.drop { $0 == " " }
        if code.hasPrefix("///") {
          if code.contains("```swift") { sawExample = true }
          continue
        }
        if code.hasPrefix("@") { continue }
        if code.hasPrefix("public ") {
          #expect(sawExample, "\(file): no example for \(code)")
        }
        sawExample = false
      }
    }
  }

  @Test func theCheckerFindsAMissingExample() {
    let source = """
      /// ```swift
      /// let x = 1
      /// let y = x + 1  // 2
      /// ```
      """
    let blocks = Self.examples(in: source)
    #expect(blocks == [["let x = 1", "let y = x + 1  // 2"]])
    #expect(Self.contains(["  let x = 1", "    let y = x + 1  // 2"], blocks[0]))
    #expect(!Self.contains(["let x = 1", "let y = x + 2  // 3"], blocks[0]))
  }

  static func files(in directory: String) throws -> [String] {
    guard let stream = opendir(directory) else { throw MissingFile(path: directory) }
    defer { closedir(stream) }
    var files: [String] = []
    while let entry = readdir(stream) {
      let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
      let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
      let name = String(cString: start)
      if name.hasSuffix(".swift") { files.append(directory + "/" + name) }
    }
    return files.sorted()
  }
}

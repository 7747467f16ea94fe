import Glibc
import Testing

/// The README's recipes, run as they are written there on fixtures, with
/// the built lsrows first on PATH.
@Suite struct ReadmeRecipeTests {
  /// Each recipe of the README's "Recipes" block, by its comment line.
  static let recipes: [String: String] = {
    let readme = ShippingTests.read("README.md")
    guard let section = readme.firstRange(of: "### Recipes") else { return [:] }
    let afterHeading = readme[section.upperBound...]
    guard let open = afterHeading.firstRange(of: "```sh\n"),
      let close = afterHeading[open.upperBound...].firstRange(of: "```")
    else { return [:] }
    var recipes: [String: String] = [:]
    for block in afterHeading[open.upperBound..<close.lowerBound].split(separator: "\n\n") {
      let lines = block.split(separator: "\n")
      guard let comment = lines.first, comment.hasPrefix("# ") else { continue }
      recipes[String(comment.dropFirst(2))] = lines.dropFirst().joined(separator: "\n")
    }
    return recipes
  }()

  /// Runs a recipe with bash in `directory`.
  func run(_ title: String, in directory: String) -> ProcessResult {
    let recipe = Self.recipes[title]
    #expect(recipe != nil, "the README has no recipe '\(title)'")
    let binaries = String(Programs.lsrows[..<Programs.lsrows.lastIndex(of: "/")!])
    let script = "export PATH=\"$1:$PATH\"; cd \"$2\" || exit 99\n" + (recipe ?? "exit 98")
    return runProcess(
      "bash", [bytes("-c"), bytes(script), bytes("bash"), bytes(binaries), bytes(directory)],
      environment: Programs.cLocale)
  }

  @Test func theReadmeHasTwelveRecipes() {
    #expect(Self.recipes.count == 12)
  }

  @Test(.enabled(if: access("/usr/bin/git", X_OK) == 0, "git is not installed"))
  func theFilesGitWouldConsider() {
    let repository = GitRepositoryFixture()
    repository.write(".gitignore", bytes("*.o\nbuild/\n"))
    repository.makeDirectory("src")
    repository.makeDirectory("build")
    repository.write("src/a c.c", bytes("1\n2\n"))
    repository.write("src/a.o", bytes("x\n"))
    repository.write("build/out", bytes("x\n"))
    repository.write("-notes", bytes("1\n2\n3\n"))
    let result = run(
      "The files of a project that git would consider (not ignored), for xargs.",
      in: repository.top)
    let git = runProcess(
      "sh",
      [
        bytes("-c"),
        bytes("cd \"$1\" && git ls-files -o --exclude-standard -z | xargs -0 -r wc -l --"),
        bytes("sh"), bytes(repository.top),
      ], environment: repository.environment)
    let ours = result.outputText.split(separator: "\n").sorted()
    #expect(!ours.isEmpty && ours == git.outputText.split(separator: "\n").sorted(), "\(result)")
  }

  @Test func tenDirectoriesHoldingTheMostSpace() {
    let root = TemporaryDirectory()
    for number in 0..<12 {
      root.directory("d\(number)")
      root.file("d\(number)/f", contents: String(repeating: "x", count: number * 5000))
    }
    let result = run(
      "The ten directories holding the most space, with their totals.", in: root.path)
    let expected = runProcess(
      "sh",
      [
        bytes("-c"), bytes("cd \"$1\" && du -h --max-depth=1 . | sort -rh | sed 1d | head -10"),
        bytes("sh"), bytes(root.path),
      ])
    let rows = result.outputText.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    let sizes = expected.outputText.split(separator: "\n").map { $0.split(separator: "\t")[0] }
    #expect(rows == sizes, "\(result) \(expected)")
  }

  @Test func duSkStarInOneLine() {
    let root = TemporaryDirectory()
    for (index, name) in ["b dir", "a", "-dash", "C"].enumerated() {
      root.directory(name)
      root.file(name + "/f", contents: String(repeating: "x", count: index * 9000))
      root.file(name + "/.hidden", contents: String(repeating: "y", count: 5000))
    }
    root.file("plain", contents: "z")
    root.file(".dot", contents: "z")
    let result = run("du -sk * in one line, any name.", in: root.path)
    let expected = runProcess(
      "sh", [bytes("-c"), bytes("cd \"$1\" && du -sk -- *"), bytes("sh"), bytes(root.path)],
      environment: Programs.cLocale)
    #expect(result.outputText.split(separator: "\n").count == 5)
    #expect(result.outputText == expected.outputText, "\(result) \(expected)")
  }

  @Test func bigRecentFilesNewestFirst() {
    let root = TemporaryDirectory()
    root.directory("sub")
    let now = Int(time(nil))
    for (name, size, age) in [
      ("sub/new-big", 3 << 20, 3600), ("old-big", 2 << 20, 10 * 86_400),
      ("newer-big", 1_048_577, 60),
      ("new-small", 10, 60), ("exactly-1M", 1 << 20, 60),
    ] {
      root.sizedFile(name, size: size)
      root.setTimes(name, seconds: now - age, nanoseconds: 0)
    }
    let result = run(
      "Files over 1 MiB changed this week, newest first across the tree.", in: root.path)
    let rows = result.outputText.split(separator: "\n").map {
      $0.split(separator: "\t").dropFirst().joined(separator: " ")
    }
    #expect(rows == ["1.1M ./newer-big", "3.0M ./sub/new-big"], "\(result)")
  }

  @Test func moveLastYearsLogs() {
    let root = TemporaryDirectory()
    root.directory("old")
    for (name, year) in [
      ("a.log", 2025), ("new\nline.log", 2024), ("b.log", 2026), ("c.txt", 2025),
    ] {
      root.file(bytes(name))
      let seconds =
        Int(
          runProcess("date", [bytes("-d"), bytes("\(year)-06-01"), bytes("+%s")]).outputText
            .dropLast()) ?? 0
      withCPath(root.path(name)) { path in
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
      }
    }
    let result = run(
      "Move last year's logs out of the way, whatever their names hold.", in: root.path)
    #expect(result.exitStatus == 0, "\(result)")
    #expect(
      Set(TreeOracle.names(in: root.path("old")))
        == Set([".", "..", "a.log", "new\nline.log"].map(bytes)))
  }

  @Test func deleteEditorBackups() {
    let root = TemporaryDirectory()
    for name in ["keep", "a~", "new\nline~", "-dash~", " space~", "keep~not"] {
      root.file(bytes(name))
    }
    root.file(bytes(".hidden~"))
    let result = run("Delete editor backups, whatever their names hold.", in: root.path)
    #expect(result.exitStatus == 0, "\(result)")
    #expect(
      Set(TreeOracle.names(in: bytes(root.path)))
        == Set([".", "..", "keep", "keep~not"].map(bytes)))
  }

  @Test func twentyLargestFilesOfATree() {
    let root = TemporaryDirectory()
    root.directory("deep")
    root.directory("deep/er")
    for number in 0..<30 {
      root.sizedFile((["", "deep/", "deep/er/"][number % 3]) + "f\(number)", size: number * 10)
    }
    let result = run(
      "The twenty largest files of a tree, holding twenty rows at a time.", in: root.path)
    let expected = (10..<30).reversed().map { number in
      "\(number * 10)\t./" + (["", "deep/", "deep/er/"][number % 3]) + "f\(number)"
    }
    #expect(result.outputText == expected.joined(separator: "\n") + "\n", "\(result)")
  }

  @Test func newestFilesOfAProject() {
    let root = TemporaryDirectory()
    root.directory(".git")
    root.directory("src")
    root.file(".git/index")
    root.setTimes(".git/index", seconds: 1_700_000_900, nanoseconds: 0)
    for number in 0..<12 {
      let name = (number % 2 == 0 ? "src/" : "") + "f\(number)"
      root.file(name)
      root.setTimes(name, seconds: 1_700_000_000 + number * 60, nanoseconds: 0)
    }
    let result = run("The newest files across a project, leaving out .git.", in: root.path)
    let rows = result.outputText.split(separator: "\n").map { $0.split(separator: "\t")[1] }
    let expected = (2..<12).reversed().map { number in
      "./" + (number % 2 == 0 ? "src/" : "") + "f\(number)"
    }
    #expect(rows == expected[...].map { Substring($0) }, "\(result)")
  }

  @Test func largestFiles() {
    let root = TemporaryDirectory()
    for (name, size) in [("small", 1), ("big", 300), ("medium", 20), ("huge", 4000), ("tiny", 0)] {
      root.file(name, contents: String(repeating: "x", count: size))
    }
    root.directory("a-directory")
    let result = run("The three largest files, with their sizes.", in: root.path)
    #expect(result.outputText == "4000\thuge\n300\tbig\n20\tmedium\n")
  }

  @Test(
    .enabled(
      if: runProcess("sh", [bytes("-c"), bytes("command -v jq")]).exitStatus == 0,
      "jq is not installed"))
  func subdirectoriesThroughJq() {
    let root = TemporaryDirectory()
    root.directory("beta")
    root.directory("alpha")
    root.file("file")
    root.directory(bytes("odd\nname"))
    let result = run("The subdirectories, through jq.", in: root.path)
    #expect(result.outputText == "alpha\nbeta\nodd\nname\n")
  }

  @Test func swiftFilesBySomeName() {
    let root = TemporaryDirectory()
    root.directory("src")
    root.directory("src/lib")
    root.file("src/main.swift")
    root.file("src/lib/Row.swift")
    root.file("src/lib/notes.md")
    let result = run("Every Swift file below src, by name.", in: root.path)
    #expect(result.outputText == "lib/Row.swift\nmain.swift\n")
  }

  @Test func differencesBetweenTrees() {
    let root = TemporaryDirectory()
    for tree in ["a", "b"] {
      root.directory(tree)
      root.directory(tree + "/same")
      root.file(tree + "/same/file")
    }
    root.file("a/only-in-a")
    root.file("b/same/only-in-b")
    let result = run("What differs between two trees.", in: root.path)
    #expect(result.exitStatus == 1)
    #expect(result.outputText.contains("< only-in-a\n"))
    #expect(result.outputText.contains("> same/only-in-b\n"))
  }
}

import Glibc
import Testing

/// `--gitignore` and the work tree: how it is found, operands in and out
/// of it, nested repositories, `.git`, the other options, unreadable
/// ignore files, and what the option leaves alone.
@Suite(.enabled(if: access("/usr/bin/git", X_OK) == 0, "git is not installed"))
struct GitIgnoreWorkTreeTests {
  func listed(
    _ repository: GitRepositoryFixture, _ arguments: [String], in directory: String? = nil,
    input: [UInt8]? = nil
  ) -> ProcessResult {
    lsrows(
      arguments.map(bytes), in: directory ?? repository.top, environment: repository.environment,
      input: input)
  }

  /// A small work tree: objects and a build directory ignored, a log kept.
  func project() -> GitRepositoryFixture {
    let repository = GitRepositoryFixture()
    repository.write(".gitignore", bytes("*.o\nbuild/\n!keep.o\n"))
    for directory in ["src", "build", "build/sub"] { repository.makeDirectory(directory) }
    for file in ["src/a.c", "src/a.o", "keep.o", "build/x", "build/sub/y", "notes"] {
      repository.write(file, bytes("12345"))
    }
    return repository
  }

  @Test func gitIsNeverListed() {
    let repository = project()
    let result = listed(repository, ["-a", "--gitignore"])
    #expect(result.outputText == ".\n..\n.gitignore\nkeep.o\nnotes\nsrc\n")
    #expect(listed(repository, ["--gitignore", "-d", ".git"]).outputText == "")
    #expect(listed(repository, ["-a", "--gitignore", ".git"]).outputText == "")
    #expect(listed(repository, ["-A"]).outputText.contains(".git\n"), "without the option")
  }

  /// ls's options win prefix ties: `--g` is `--group-directories-first`.
  @Test func abbreviationsKeepLsMeaning() {
    let repository = project()
    let grouped = listed(repository, ["--g", "-A"])
    #expect(grouped.outputText == ".git\nbuild\nsrc\n.gitignore\nkeep.o\nnotes\n", "\(grouped)")
    let ignoring = listed(repository, ["--gi", "-A"])
    #expect(ignoring.outputText == ".gitignore\nkeep.o\nnotes\nsrc\n")
  }

  @Test func operandsInsideIgnoredDirectoriesListNothing() {
    let repository = project()
    for operand in ["build", "build/sub", "build/sub/", "./build/../build"] {
      let result = listed(repository, ["-RA", "--gitignore", operand])
      #expect(result.outputText == "" && result.exitStatus == 0, "\(operand): \(result)")
    }
    let git = runProcess(
      "git",
      ["-C", repository.top, "ls-files", "-o", "--exclude-standard", "build/sub"].map(bytes),
      environment: repository.environment)
    #expect(git.outputText == "")
    let files = listed(repository, ["--gitignore", "src/a.o", "src/a.c", "keep.o", "build/x"])
    #expect(files.outputText == "keep.o\nsrc/a.c\n")
    let fromInside = listed(repository, ["-A", "--gitignore"], in: repository.top + "/build/sub")
    #expect(fromInside.outputText == "")
  }

  @Test func filesFromPathsAreCheckedToo() {
    let repository = project()
    let result = listed(
      repository, ["--gitignore", "--files0-from=-"],
      input: bytes("src/a.o\0src/a.c\0build/sub/y\0notes\0"))
    #expect(result.outputText == "notes\nsrc/a.c\n", "\(result)")
  }

  @Test func aGitFileNamesTheRepository() {
    let root = TemporaryDirectory()
    let made = runProcess(
      "git",
      ["init", "-q", "--separate-git-dir", root.path + "/store", root.path + "/tree"].map(bytes),
      environment: GitRepositoryFixture().environment)
    #expect(made.exitStatus == 0, "\(made)")
    writeFile(root.path + "/tree/.gitignore", bytes("*.tmp\n"))
    writeFile(root.path + "/store/info/exclude", bytes("secret\n"))
    writeFile(root.path + "/tree/a.tmp", [])
    writeFile(root.path + "/tree/secret", [])
    writeFile(root.path + "/tree/b", [])
    let result = lsrows(
      ["-A", "--gitignore"].map(bytes), in: root.path + "/tree",
      environment: GitRepositoryFixture().environment)
    #expect(result.outputText == ".gitignore\nb\n", "\(result)")
  }

  @Test func outsideAWorkTreeNothingIsLeftOut() {
    let root = TemporaryDirectory()
    root.file(".gitignore", contents: "*\n")
    root.file("a.o")
    let result = lsrows(["-A", "--gitignore"].map(bytes), in: root.path)
    #expect(result.outputText == ".gitignore\na.o\n")
  }

  /// A directory holding a repository of its own has its own rules, as
  /// git in it has; the outer rules do not reach into it.
  @Test func aNestedRepositoryHasItsOwnRules() {
    let repository = project()
    repository.makeDirectory("nested")
    let made = runProcess(
      "git", ["init", "-q", repository.top + "/nested"].map(bytes),
      environment: repository.environment)
    #expect(made.exitStatus == 0)
    repository.write("nested/.gitignore", bytes("*.txt\n"))
    repository.write("nested/a.o", [])
    repository.write("nested/b.txt", [])
    repository.write("nested/c", [])
    let result = listed(repository, ["-RA", "--gitignore", "nested"])
    #expect(result.outputText == ".gitignore\na.o\nc\n", "\(result)")
    let fromTop = listed(repository, ["-RA", "--gitignore", "--format={path}"])
    #expect(fromTop.outputText.contains("nested/a.o\n"))
    #expect(!fromTop.outputText.contains("b.txt"))
    // Below an operand outside any work tree, a repository's rules apply.
    let outside = lsrows(
      ["-RA", "--gitignore"].map(bytes), in: repository.root.path,
      environment: repository.environment)
    #expect(outside.outputText.contains("repo/src/a.c\n"), "\(outside)")
    #expect(outside.outputText.contains("repo/nested/a.o\n"))
    #expect(!outside.outputText.contains("repo/src/a.o"))
    #expect(!outside.outputText.contains("b.txt"))
    // A repository in a directory the outer one ignores, given as the
    // operand: git finds it from the operand, and lists it by its rules.
    repository.makeDirectory("build/inner")
    _ = runProcess(
      "git", ["init", "-q", repository.top + "/build/inner"].map(bytes),
      environment: repository.environment)
    repository.write("build/inner/x.o", [])
    let inner = listed(repository, ["-A", "--gitignore", "build/inner"])
    #expect(inner.outputText == "x.o\n", "\(inner)")
    let itself = listed(repository, ["-d", "--gitignore", "build/inner", "build/sub"])
    #expect(itself.outputText == "build/inner\n", "\(itself)")
  }

  @Test func itCombinesWithTheOtherOptions() {
    let repository = project()
    let kept = ["keep.o", "notes", "src", "src/a.c"]
    let sorted = listed(repository, ["-R", "--gitignore", "--sort-by=-name", "--format={path}"])
    // By name alone, across the tree: src, notes, keep.o, then a.c.
    #expect(sorted.outputText == "src\nnotes\nkeep.o\nsrc/a.c\n")
    let filtered = listed(
      repository, ["-R", "--gitignore", "--where", "type == file", "--format={path}"])
    #expect(filtered.outputText == "keep.o\nnotes\nsrc/a.c\n")
    let pruned = listed(repository, ["-R", "--gitignore", "--prune", "src"])
    #expect(pruned.outputText == "keep.o\nnotes\n")
    let json = listed(repository, ["-R", "--gitignore", "--json", "--fields=path"])
    #expect(
      json.outputText
        == kept.map { "{\"path\":\"\($0)\"}\n" }.joined())
    let several = listed(repository, ["-R", "--gitignore", "--format={path}", "src", "build", "."])
    #expect(several.outputText.contains("src/a.c\n") && several.outputText.contains("./keep.o\n"))
    #expect(!several.outputText.contains("build"))
    let limited = listed(
      repository, ["-R", "--gitignore", "--limit=2", "--sort-by=name", "--format={name}"])
    #expect(limited.outputText == "a.c\nkeep.o\n")
  }

  /// Totals count what git ignores, as du does; the rows do not show it.
  @Test func totalsCountWhatIsIgnored() {
    let repository = project()
    let result = listed(repository, ["-RA", "--gitignore", "--format={tree_entries} {path}"])
    #expect(
      result.outputText == "0 .gitignore\n0 keep.o\n0 notes\n0 src/a.c\n2 src\n", "\(result)")
    let top = listed(repository, ["-d", "--gitignore", "--format={tree_entries}", "."])
    let everything = runProcess(
      "find", [repository.top, "-mindepth", "1", "-printf", "x"].map(bytes))
    #expect(top.outputText == "\(everything.standardOutput.count)\n")
  }

  @Test(.enabled(if: getuid() == 0, "setpriv needs root to change user"))
  func anUnreadableIgnoreFileIsReportedOnce() {
    let repository = project()
    let binary = reachableLsrows(in: repository.root)
    repository.write("src/.gitignore", bytes("a.c\n"))
    repository.root.chmod("repo/src/.gitignore", 0o000)
    let asNobody = [
      "--reuid=65534", "--regid=65534", "--clear-groups", "env", "-C", repository.top,
    ]
    let result = runProcess(
      "setpriv", (asNobody + [binary, "-RA", "--gitignore", "--format={path}"]).map(bytes),
      environment: repository.environment)
    #expect(result.exitStatus == 1, "\(result)")
    #expect(result.outputText == ".gitignore\nkeep.o\nnotes\nsrc\nsrc/.gitignore\nsrc/a.c\n")
    // Named as ls names what is below the `.` it lists with no PATH.
    #expect(
      result.errorText == "lsrows: cannot read ignore file './src/.gitignore': Permission denied\n")
  }

  /// git reads no `.gitignore` that is a symbolic link in a work tree.
  @Test func aSymlinkedIgnoreFileIsNotFollowed() {
    let repository = project()
    repository.write("rules", bytes("a.c\n"))
    repository.root.symlink("repo/src/.gitignore", to: "../rules")
    let result = listed(repository, ["-RA", "--gitignore", "--format={path}", "src"])
    #expect(result.outputText == "src/.gitignore\nsrc/a.c\n", "\(result)")
    #expect(result.errorText.contains("src/.gitignore"))
    #expect(result.exitStatus == 1)
  }
}

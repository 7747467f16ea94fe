import Glibc
import Testing

/// Where ignore rules come from and which wins, each case checked against
/// git too: deeper `.gitignore` files over shallower ones, then
/// `info/exclude`, then `core.excludesFile` (the repository's, else the
/// user's, else `$XDG_CONFIG_HOME/git/ignore`), with git's configuration
/// files in git's order.
@Suite(.enabled(if: access("/usr/bin/git", X_OK) == 0, "git is not installed"))
struct GitIgnoreSourceTests {
  /// Makes `names` at the top, lists, and checks lsrows against git and
  /// against `kept`.
  func check(
    _ repository: GitRepositoryFixture, names: [String], kept: [String],
    environment: [String: String?] = [:], _ what: String
  ) {
    for name in names where name.last == "/" {
      repository.makeDirectory(String(name.dropLast()))
    }
    for name in names where name.last != "/" { repository.write(name, []) }
    var merged = repository.environment
    for (key, value) in environment { merged.updateValue(value, forKey: key) }
    let listed = lsrows(
      ["-RA", "--gitignore", "-0", "--format={path}"].map(bytes), in: repository.top,
      environment: merged)
    let paths = listed.standardOutput.split(separator: 0).map {
      String(decoding: $0, as: UTF8.self)
    }
    .filter { !$0.hasPrefix(".gitignore") && !$0.hasSuffix("/.gitignore") }.sorted()
    #expect(listed.exitStatus == 0, "\(what): \(listed)")
    #expect(paths == kept.sorted(), "\(what)")
    let git = runProcess(
      "git",
      ["-C", repository.top, "check-ignore", "--no-index", "--stdin", "-z"].map(bytes),
      environment: merged,
      input: names.map { bytes(String($0.last == "/" ? $0.dropLast() : $0[...])) + [0] }.flatMap {
        $0
      })
    let ignoredByGit = Set(
      git.standardOutput.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    let keptByGit = names.map { $0.last == "/" ? String($0.dropLast()) : $0 }
      .filter { !ignoredByGit.contains($0) }.sorted()
    let keptNames = kept.filter { name in names.contains { $0 == name || $0 == name + "/" } }
    #expect(keptByGit == keptNames.sorted(), "git disagrees: \(what)")
  }

  @Test func aDeeperIgnoreFileWins() {
    let repository = GitRepositoryFixture()
    repository.makeDirectory("sub")
    repository.write(".gitignore", bytes("*.txt\n"))
    repository.write("sub/.gitignore", bytes("!a.txt\n"))
    check(
      repository, names: ["a.txt", "sub/a.txt", "sub/b.txt"], kept: ["sub", "sub/a.txt"],
      "sub/.gitignore re-includes")
  }

  @Test func ignoreFilesThenInfoExcludeThenExcludesFile() {
    let repository = GitRepositoryFixture()
    repository.write(".gitignore", bytes("!x.o\n"))
    writeFile(repository.top + "/.git/info/exclude", bytes("x.o\n!y.o\nz.o\n"))
    writeFile(repository.home + "/ignore", bytes("x.o\ny.o\nw.o\n"))
    writeFile(repository.home + "/.gitconfig", bytes("[core]\n\texcludesFile = ~/ignore\n"))
    check(
      repository, names: ["x.o", "y.o", "z.o", "w.o", "v.o"], kept: ["x.o", "y.o", "v.o"],
      "precedence")
  }

  @Test func theRepositorysExcludesFileOverridesTheUsers() {
    let repository = GitRepositoryFixture()
    writeFile(repository.home + "/user-ignore", bytes("a\n"))
    writeFile(repository.home + "/.gitconfig", bytes("[core]\n\texcludesFile = ~/user-ignore\n"))
    // A relative path is from the top of the work tree.
    repository.write("repo-ignore", bytes("b\n"))
    let config = readFile(repository.top + "/.git/config")
    writeFile(
      repository.top + "/.git/config", config + bytes("[core]\n\texcludesfile = repo-ignore\n"))
    check(repository, names: ["a", "b", "c"], kept: ["a", "c", "repo-ignore"], "local config")
  }

  @Test func theXDGIgnoreFileWhenNoneIsSet() {
    let repository = GitRepositoryFixture()
    repository.root.directory("xdg")
    repository.root.directory("xdg/git")
    writeFile(repository.root.path + "/xdg/git/ignore", bytes("c\n"))
    check(
      repository, names: ["c", "d"], kept: ["d"],
      environment: ["XDG_CONFIG_HOME": repository.root.path + "/xdg"], "XDG_CONFIG_HOME")
    let other = GitRepositoryFixture()
    _ = runProcess("mkdir", ["-p", other.home + "/.config/git"].map(bytes))
    writeFile(other.home + "/.config/git/ignore", bytes("d\n"))
    check(other, names: ["c", "d"], kept: ["c"], "~/.config/git/ignore")
  }

  @Test func theSystemFileUnlessNoSystem() {
    let repository = GitRepositoryFixture()
    writeFile(repository.home + "/system-ignore", bytes("s\n"))
    writeFile(
      repository.root.path + "/gitconfig",
      bytes("# the system's\n[CORE]\n  ExcludesFile = \"\(repository.home)/system-ignore\" ; why\n")
    )
    let system: [String: String?] = [
      "GIT_CONFIG_NOSYSTEM": nil, "GIT_CONFIG_SYSTEM": repository.root.path + "/gitconfig",
    ]
    check(repository, names: ["s", "t"], kept: ["t"], environment: system, "system file")
    var noSystem = system
    noSystem["GIT_CONFIG_NOSYSTEM"] = "1"
    let other = GitRepositoryFixture()
    check(
      other, names: ["s", "t"], kept: ["s", "t"], environment: noSystem, "GIT_CONFIG_NOSYSTEM")
  }

  @Test func includedConfigurationCounts() {
    let repository = GitRepositoryFixture()
    writeFile(repository.home + "/ignore", bytes("inc\n"))
    writeFile(repository.home + "/more.config", bytes("[core]\nexcludesFile = ~/ignore\n"))
    writeFile(repository.home + "/.gitconfig", bytes("[include]\n\tpath = more.config\n"))
    check(repository, names: ["inc", "out"], kept: ["out"], "include.path")
  }

  @Test func aBadConfigurationLineIsReported() {
    let repository = GitRepositoryFixture()
    writeFile(repository.home + "/.gitconfig", bytes("[core\nexcludesFile = x\n"))
    repository.write("a", [])
    let listed = lsrows(
      ["-A", "--gitignore"].map(bytes), in: repository.top, environment: repository.environment)
    #expect(listed.exitStatus == 1)
    #expect(listed.outputText == "a\n")
    #expect(
      listed.errorText == "lsrows: bad config line 1 in file '\(repository.home)/.gitconfig'\n")
  }
}

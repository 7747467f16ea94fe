import Glibc

/// A git work tree made for one test, with a home directory of its own, so
/// that neither the machine's nor the user's git configuration counts.
final class GitRepositoryFixture {
  let root = TemporaryDirectory()
  /// The work tree's top: `ROOT/repo`.
  let top: String
  /// `$HOME`: `ROOT/home`.
  let home: String

  init() {
    root.directory("repo")
    root.directory("home")
    top = root.path + "/repo"
    home = root.path + "/home"
    let made = runProcess(
      "git", [bytes("init"), bytes("-q"), bytes(top)], environment: environment)
    precondition(made.exitStatus == 0, "git init failed: \(made)")
  }

  /// What git and lsrows run with: this home, no system file, no XDG
  /// directory, the C locale.
  var environment: [String: String?] {
    var environment = Programs.cLocale
    // updateValue: a nil must stay, to unset what the runner has.
    environment.updateValue(home, forKey: "HOME")
    environment.updateValue("1", forKey: "GIT_CONFIG_NOSYSTEM")
    for name in [
      "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_DIR", "GIT_WORK_TREE",
    ] {
      environment.updateValue(nil, forKey: name)
    }
    return environment
  }

  /// The path of `name` below the top, as bytes.
  func path(_ name: [UInt8]) -> [UInt8] {
    bytes(top) + (name.isEmpty ? [] : [UInt8(ascii: "/")] + name)
  }

  /// Writes `contents` to `name` below the top.
  func write(_ name: String, _ contents: [UInt8]) {
    root.file(bytes("repo/" + name), contents: contents)
  }

  /// Makes the directory `name` below the top.
  func makeDirectory(_ name: String) {
    root.directory("repo/" + name)
  }

  /// The paths below the top (or below `start`, as paths from `start`)
  /// that git does not ignore, in a walk that enters only what git does
  /// not ignore and asks `git check-ignore --no-index` about every entry
  /// of each directory it enters.
  func pathsGitKeeps(below start: [UInt8] = []) -> [[UInt8]] {
    var kept: [[UInt8]] = []
    func visit(_ relative: [UInt8]) {
      let names = TreeOracle.names(in: path(relative)).filter {
        $0 != bytes(".") && $0 != bytes("..") && $0 != bytes(".git")
      }
      guard !names.isEmpty else { return }
      let paths = names.map { relative.isEmpty ? $0 : relative + [UInt8(ascii: "/")] + $0 }
      let asked = runProcess(
        "git",
        [
          bytes("-C"), bytes(top), bytes("check-ignore"), bytes("--no-index"), bytes("--stdin"),
          bytes("-z"),
        ],
        environment: environment, input: paths.flatMap { $0 + [0] })
      let ignored = Set(asked.standardOutput.split(separator: 0).map(Array.init))
      for path in paths where !ignored.contains(path) {
        kept.append(path)
        var status = stat()
        if withCPath(self.path(path), { lstat($0, &status) }) == 0,
          status.st_mode & S_IFMT == S_IFDIR
        {
          visit(path)
        }
      }
    }
    visit(start)
    let prefix = start.isEmpty ? [] : start + [UInt8(ascii: "/")]
    return kept.filter { $0.starts(with: prefix) }.map { Array($0.dropFirst(prefix.count)) }
      .sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// The paths `lsrows -RA --gitignore` lists from `directory` (below the
  /// top), with `operands`, sorted; and how it ended.
  func pathsListed(
    from directory: [UInt8] = [], _ options: [String] = [], operands: [[UInt8]] = []
  ) -> ([[UInt8]], ProcessResult) {
    // env -C, as the directory's name need not be UTF-8.
    let result = runProcess(
      "env",
      [
        bytes("-C"), path(directory), bytes(Programs.lsrows), bytes("-RA"), bytes("--gitignore"),
        bytes("-0"), bytes("--format={path}"),
      ]
        + options.map(bytes) + (operands.isEmpty ? [] : [bytes("--")] + operands),
      environment: environment)
    let paths = result.standardOutput.split(separator: 0).map(Array.init)
      .sorted { $0.lexicographicallyPrecedes($1) }
    return (paths, result)
  }
}

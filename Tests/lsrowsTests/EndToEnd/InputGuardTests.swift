import Glibc
import Testing

/// Bad input never kills lsrows.
///
/// Every input of every fuzz corpus, and thousands of seeded values made of
/// boundary digits, signs, units and separators, go to the built binary as
/// the value they stand for. It exits 0, 1 or 2, never by a signal, and
/// says why whenever it fails.
///
/// `LSROWS_GUARD_VALUES` sets how many seeded values (2,000 here; the long
/// fuzz run, `make fuzz`, asks for many more).
@Suite struct InputGuardTests {
  static let valueCount: Int =
    getenv("LSROWS_GUARD_VALUES").flatMap { Int(String(cString: $0)) } ?? 2000
  static let shards = 8

  /// A small tree with a file, a directory, a symlink and a FIFO, so that
  /// `-l`, sizes and times have something to show.
  let fixture: TemporaryDirectory = {
    let root = TemporaryDirectory()
    root.file("file", contents: "data")
    root.directory("dir")
    root.file("dir/inner", contents: String(repeating: "x", count: 5000))
    root.symlink("link", to: "file")
    root.fifo("fifo")
    return root
  }()

  /// Runs lsrows with `arguments` (and `environment`) on the fixture, and
  /// checks how it ended.
  func check(
    _ arguments: [[UInt8]], environment: [String: String?] = [:], input: [UInt8]? = nil,
    _ what: @autoclosure () -> String
  ) {
    let result = lsrows(
      arguments, in: fixture.path, environment: environment, input: input)
    #expect(result.signal == nil, "killed by signal \(result.signal ?? 0): \(what())")
    #expect([0, 1, 2].contains(result.exitStatus ?? -1), "exit \(result): \(what())")
    if result.exitStatus != 0 {
      #expect(result.standardError.starts(with: bytes("lsrows: ")), "no message: \(what())")
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyCorpusInputAsWhatItFuzzes(target: FuzzTarget) {
    for (path, input) in FuzzCorpusTests.inputs(target) {
      let text = Array(input.prefix { $0 != 0 })
      switch target {
      case .parser:
        let words = input.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        check(words, path)
      case .template:
        check([bytes("--format"), text], path)
      case .query:
        check([bytes("-R"), bytes("--where"), text], path)
      case .lscolors:
        check(
          [bytes("--color=always"), bytes("-l")],
          environment: ["LS_COLORS": String(decoding: text, as: UTF8.self)], path)
      case .quoting, .json:
        // A name: as an operand that does not exist, quoted in the message.
        check([bytes("-Q"), bytes("--"), text.isEmpty ? bytes("x") : text], path)
        check([bytes("--json"), bytes("--"), text.isEmpty ? bytes("x") : text], path)
      case .version:
        let names = input.split(separator: 0).map(Array.init)
        check([bytes("-v"), bytes("--")] + names, path)
      case .gitignore:
        // An ignore file in a work tree with the fixture's names.
        let repository = TemporaryDirectory()
        repository.directory(".git")
        repository.file(".git/HEAD", contents: "ref: refs/heads/main\n")
        repository.file(bytes(".gitignore"), contents: text)
        repository.directory("sub")
        for name in ["a", "b.o", "x y", "sub/c"] { repository.file(name) }
        let result = lsrows(
          [bytes("-RA"), bytes("--gitignore")], in: repository.path)
        #expect(result.signal == nil && result.exitStatus == 0, "\(result): \(path)")
      case .values:
        guard let (name, value) = FuzzProperties.valueSetting(input) else { continue }
        if name.hasPrefix("--") {
          check([bytes("-ls"), bytes(name + "=") + value], path)
        } else {
          check(
            [bytes("-ls"), bytes("--color=always")],
            environment: [name: String(decoding: value, as: UTF8.self)], path)
        }
      }
    }
  }

  @Test(arguments: 0..<shards)
  func seededBoundaryValues(shard: Int) {
    let seed = SeededRandom().seed
    for index in 0..<(Self.valueCount / Self.shards) {
      var values = BoundaryValues(
        random: SeededRandom(seed: seed &+ UInt64(shard * 1_000_003 + index)))
      let (arguments, environment, input) = values.commandLine()
      check(
        arguments.map(bytes), environment: environment, input: input.map(bytes),
        "\(arguments) \(environment) (LSROWS_TEST_SEED=\(seed), shard \(shard), value \(index))")
    }
  }
}

/// Option values from a grammar of boundary digits, signs, units and
/// separators, for every option and variable that reads a number, a time
/// or a format.
struct BoundaryValues {
  var random: SeededRandom

  mutating func pick<T>(_ choices: [T]) -> T {
    choices.randomElement(using: &random)!
  }

  mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &random) < percent
  }

  mutating func digits() -> String {
    let count = pick([0, 1, 2, 3, 4, 9, 10, 11, 18, 19, 20, 21, 38, 39, 40, 60, 100])
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return String(repeating: "9", count: count)
    case 1: return String(repeating: "0", count: count)
    case 2: return "1" + String(repeating: "0", count: count)
    default:
      return String((0..<count).map { _ in "0123456789".randomElement(using: &random)! })
    }
  }

  mutating func number() -> String {
    var text = pick(["", "-", "+", " ", "'"]) + digits()
    if chance(50) { text += "." + digits() }
    if chance(30) { text += pick(["e", "E", "e+", "e-"]) + digits() }
    if chance(60) {
      text += pick([
        "K", "M", "G", "T", "P", "E", "Z", "Y", "KB", "MiB", "k", "b", "B", "kB", "EB", "EiB", "x",
        "0x", "iB", "",
      ])
    }
    if chance(10) {
      text =
        "0x"
        + String(
          (0..<pick([1, 8, 15, 16, 17, 33])).map { _ in
            "0123456789abcdefABCDEF".randomElement(using: &random)!
          })
    }
    return text
  }

  mutating func twoDigits() -> String {
    pick([
      "00", "01", "12", "13", "23", "24", "29", "30", "31", "32", "59", "60", "61", "99",
      String(digits().prefix(3)),
    ])
  }

  mutating func time() -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<5:
      var text =
        pick([
          "0000", "0001", "1969", "1970", "2026", "2024", "9999", "10000", "-001",
          String(digits().prefix(5)),
        ])
        + "-" + twoDigits() + "-" + twoDigits()
      if chance(70) {
        text += pick(["T", " ", "t"]) + twoDigits() + ":" + twoDigits()
        if chance(60) {
          text += ":" + twoDigits()
          if chance(50) { text += "." + digits() }
        }
      }
      if chance(50) {
        text += pick([
          "Z", "z", "+", "-", "+" + twoDigits() + ":" + twoDigits(),
          "-" + twoDigits() + twoDigits(), "+" + digits(),
        ])
      }
      return text
    case 5..<7:
      return "@" + pick(["", "-", "+"]) + digits()
    default:
      return "-" + digits() + pick(["s", "m", "h", "d", "w", "y", ""])
    }
  }

  mutating func whereExpression() -> String {
    let numbers = ["size", "blocks", "links", "uid", "gid", "inode", "dev", "depth", "mtime_epoch"]
    let times = ["mtime", "atime", "ctime", "btime"]
    let operators = ["==", "!=", "<", "<=", ">", ">=", "~", "!~"]
    switch Int.random(in: 0..<24, using: &random) {
    case 0..<9: return "\(pick(numbers + ["entries"])) \(pick(operators)) \(number())"
    case 9..<17: return "\(pick(times)) \(pick(operators)) '\(time())'"
    case 17..<19: return "perms \(pick(operators)) \(String(digits().prefix(7)))"
    case 19..<22:
      // Regular expressions with repetition counts at their limits.
      let count = pick(["", "0", "1", "255", "256", "32767", "32768", digits()])
      return
        "\(pick(["name", "lower(path)", "ext"])) =~ '\(pick(["a", ".", "(a|b)", "[[:digit:]]"])){\(count)\(pick(["", ",", ",\(count)", ",1"]))}'"
    default: return "name == '\\x\(pick(["", "0", "ff", "g", "fff"]))'"
    }
  }

  mutating func templateField() -> String {
    let field = pick([
      "size", "blocks", "mtime", "atime", "btime", "depth", "name", "path", "inode",
    ])
    let format = pick([
      "", ":h", ":si", ":%" + String(digits().prefix(6)) + "N", ":%_" + digits() + "s",
      ":%-" + digits() + "d", ":%:" + pick(["z", "::z", ":::z"]), ":%" + digits() + "Y",
    ])
    return "{" + field + format + "}"
  }

  /// One to three options from the grammar, and sometimes a variable.
  mutating func commandLine() -> (
    arguments: [String], environment: [String: String?], input: String?
  ) {
    var arguments = ["-l"]
    var input: String?
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      switch Int.random(in: 0..<14, using: &random) {
      case 0, 1: arguments += ["--where", whereExpression()]
      case 2: arguments += ["--block-size=" + number()]
      case 3: arguments += ["-w", number()]
      case 4: arguments += ["-T", number()]
      case 5: arguments += ["--max-depth=" + number()]
      case 6: arguments += ["--min-depth=" + number()]
      case 7:
        arguments += [
          "--time-style="
            + pick(["+", "posix-+", "+%" + String(digits().prefix(5)) + "N", "full-iso", "iso"])
        ]
      case 8: arguments += ["--format", templateField() + "\\t" + templateField()]
      case 9: arguments += ["--sort-by=" + pick(["size", "-mtime", "btime", "name", "-inode"])]
      case 10: arguments += ["-R", "-s", "--prune-where", whereExpression()]
      case 11: arguments += ["--width=" + number(), "--tabsize=" + number()]
      case 12:
        // Operands read from a file: names made of the same bytes.
        arguments += ["--files0-from=-"]
        input = [number(), time(), "file", "dir"].joined(separator: "\0")
      default: arguments += ["-h"]
      }
    }
    var environment: [String: String?] = [:]
    if chance(15) { environment["BLOCK_SIZE"] = number() }
    if chance(15) { environment["LS_BLOCK_SIZE"] = number() }
    if chance(10) { environment["COLUMNS"] = number() }
    if chance(10) { environment["TIME_STYLE"] = "+%" + String(digits().prefix(4)) + "N" }
    if chance(10) {
      environment["LS_COLORS"] = "di=" + number() + ":*.x=\\" + String(digits().prefix(4))
      arguments.append("--color=always")
    }
    return (arguments, environment, input)
  }
}

import Glibc
import Testing

@testable import lsrows

/// lsrows never changes what it lists: every option, alone and with a
/// recursive, dereferencing long listing, leaves every entry's metadata as
/// it was.
@Suite struct ReadOnlyGuaranteeTests {
  /// What lstat says of one entry, minus what reading may move: the access
  /// time of directories and symlinks, which reading them updates under
  /// relatime (as with ls).
  struct Snapshot: Equatable {
    var device: UInt, inode: UInt, mode: UInt32, links: UInt, owner: UInt32, group: UInt32
    var size: Int, modified: [Int], changed: [Int], accessed: [Int]?

    init(_ status: stat) {
      device = status.st_dev
      inode = status.st_ino
      mode = status.st_mode
      links = status.st_nlink
      owner = status.st_uid
      group = status.st_gid
      size = status.st_size
      modified = [status.st_mtim.tv_sec, status.st_mtim.tv_nsec]
      changed = [status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
      let kind = status.st_mode & UInt32(S_IFMT)
      let readable = kind == UInt32(S_IFDIR) || kind == UInt32(S_IFLNK)
      accessed = readable ? nil : [status.st_atim.tv_sec, status.st_atim.tv_nsec]
    }
  }

  /// Every entry below each root, by path, and the roots themselves.
  static func snapshot(_ roots: [[UInt8]]) -> [[UInt8]: Snapshot] {
    var entries: [[UInt8]: Snapshot] = [:]
    func visit(_ path: [UInt8]) {
      var status = stat()
      guard withCPath(path, { lstat($0, &status) }) == 0 else { return }
      entries[path] = Snapshot(status)
      guard status.st_mode & UInt32(S_IFMT) == UInt32(S_IFDIR) else { return }
      for name in TreeOracle.names(in: path) where name != [0x2E] && name != [0x2E, 0x2E] {
        visit(path + [0x2F] + name)
      }
    }
    roots.forEach(visit)
    return entries
  }

  /// Each option with every value it takes, as separate command lines.
  static func everyOption(filesFrom: String) -> [[String]] {
    var lines: [[String]] = []
    for spec in OptionSpec.table {
      let name = spec.short.map { "-" + String(UnicodeScalar($0)) } ?? "--" + spec.long[0]
      guard spec.argument != .none else {
        lines.append([name])
        continue
      }
      let long = "--" + spec.long[0]
      let values: [String]
      switch spec.id {
      case .sort: values = Options.sortChoices.choices.map(\.words[0])
      case .time: values = Options.timeChoices.choices.map(\.words[0])
      case .classify: values = Options.classifyChoices.choices.map(\.words[0])
      case .color: values = Options.colorChoices.choices.map(\.words[0])
      case .quotingStyle: values = Options.quotingChoices.choices.map(\.words[0])
      case .type: values = Options.typeChoices.choices.map(\.words[0]) + ["f,d,l,p,s,b,c"]
      case .format:
        values = [Field.templateList]
      case .maxDepth: values = ["0", "2"]
      case .limit: values = ["0", "3"]
      case .sortMemory: values = ["64K", "1G"]
      case .minDepth: values = ["0", "2"]
      case .prune: values = ["*", "**/x/*"]
      case .pruneWhere: values = ["entries == 0 or name =~ 'a'"]
      case .filter:
        values = ["size > 0 or name ~ '*' or mtime > -1d", "entries > 0 or lower(name) =~ 'x'"]
      case .sortBy: values = ["type,-size,mtime"]
      case .fields: values = ["name,entries,ext"]
      case .filesFrom: values = [filesFrom]
      case .indicatorStyle: values = Options.indicatorChoices.choices.map(\.words[0])
      case .hyperlink: values = Options.classifyChoices.choices.map(\.words[0])
      case .timeStyle: values = TimeStyle.words + ["+%s%n%F", "posix-iso"]
      case .blockSize: values = ["K", "1M", "si", "human-readable", "1kB"]
      case .ignore, .hide: values = ["*a*", ".*"]
      case .tabSize, .width: values = ["0", "8"]
      default:
        Issue.record("no argument to test \(long) with: add it here")
        values = []
      }
      // --fields means something only with --json or --csv.
      let companions = spec.id == .fields ? ["--json"] : []
      lines += values.map { [long + "=" + $0] + companions }
    }
    return lines
  }

  @Test func noOptionChangesAnything() {
    let fixtures = [TemporaryDirectory.weird(), .typed(), .nested()]
    let roots = [fixtures[0].path("tree"), fixtures[1].path("kinds"), fixtures[2].path("top")]
    let scratch = TemporaryDirectory()
    let filesFrom = scratch.path + "/operands"
    writeFile(filesFrom, roots.flatMap { $0 + [0] })
    let before = Self.snapshot(roots)
    #expect(before.count > 80)

    var environment = Programs.cLocale
    environment["LS_COLORS"] = "di=01;34:ln=target:or=01;31:mi=05:pi=33:so=35:ex=32:*.gz=31"
    let lines = Self.everyOption(filesFrom: filesFrom)
    #expect(lines.count > 60)
    for line in lines {
      let operands = line.contains { $0.hasPrefix("--files0-from") } ? [] : roots
      for extra in [[], ["-RLla"]] {
        let result = lsrows(
          (extra + line).map(bytes) + operands, in: scratch.path, environment: environment)
        #expect(result.signal == nil, "\(extra + line)")
      }
    }
    let after = Self.snapshot(roots)
    #expect(after.count == before.count)
    for (path, snapshot) in before where after[path] != snapshot {
      Issue.record("\(String(decoding: path, as: UTF8.self)) changed")
    }
  }
}

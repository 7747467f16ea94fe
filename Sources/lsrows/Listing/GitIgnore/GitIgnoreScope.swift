import Glibc

/// The ignore rules in force in one directory of a git work tree: its own
/// `.gitignore`, those of the directories above it up to the work tree's
/// top, and the repository's `info/exclude` and `core.excludesFile`.
///
/// A scope is made when its directory is entered and shared by the rows
/// and subdirectories read from it, on any thread; it holds its parent, so
/// what is kept is the rules of the directories on the way down, and of
/// those read ahead.
final class GitIgnoreScope: DirectoryRules, @unchecked Sendable {
  let parent: GitIgnoreScope?
  let excludes: GitRepositoryExcludes
  /// The directory's path below the work tree's top, without a trailing
  /// slash; empty for the top.
  let directory: [UInt8]
  /// The directory's `.gitignore`, in file order.
  let patterns: [GitIgnorePattern]
  /// Whether git ignores the directory itself or one above it: a walk for
  /// `tree_` totals enters such directories, and nothing below is shown.
  let isExcluded: Bool
  /// Why the directory's `.gitignore` could not be read, reported once.
  let failure: SystemError?

  /// What could not be read for this directory: its `.gitignore`, and at
  /// a work tree's top the repository's files.
  var failures: [SystemError] {
    (parent == nil ? excludes.failures : []) + (failure.map { [$0] } ?? [])
  }

  init(
    parent: GitIgnoreScope?, excludes: GitRepositoryExcludes, directory: [UInt8],
    patterns: [GitIgnorePattern], isExcluded: Bool = false, failure: SystemError? = nil
  ) {
    self.parent = parent
    self.excludes = excludes
    self.directory = directory
    self.patterns = patterns
    self.isExcluded = isExcluded
    self.failure = failure
  }

  /// The top of a work tree open at `descriptor`, whose git directory is
  /// `gitDirectory` (from the top, or absolute).
  ///
  /// - Parameters:
  ///   - descriptor: The top, open.
  ///   - gitDirectory: Its git directory.
  ///   - messagePrefix: The top's path as messages name it,
  ///     `/`-terminated (or empty for the working directory).
  ///   - settings: The user's git settings.
  ///   - names: What its entries are known to hold.
  /// - Returns: The top's scope.
  static func top(
    at descriptor: FileDescriptor, gitDirectory: [UInt8], messagePrefix: [UInt8],
    settings: GitUserSettings, names: NamesSeen = NamesSeen()
  ) -> GitIgnoreScope {
    let excludes = GitRepositoryExcludes(
      workTree: descriptor, gitDirectory: gitDirectory, messagePrefix: messagePrefix,
      settings: settings)
    let (patterns, failure) = readIgnoreFile(
      in: descriptor, messagePrefix: messagePrefix, names: names)
    return GitIgnoreScope(
      parent: nil, excludes: excludes, directory: [], patterns: patterns, failure: failure)
  }

  /// The scope of the subdirectory `name`, open at `descriptor`: a new
  /// work tree's top when it holds a repository of its own (as git treats
  /// a nested repository), else this one's rules and its `.gitignore`.
  ///
  /// - Parameters:
  ///   - name: The subdirectory's name.
  ///   - descriptor: The subdirectory, open.
  ///   - messagePrefix: The subdirectory's path as messages name it,
  ///     `/`-terminated.
  ///   - names: What its entries are known to hold.
  /// - Returns: The subdirectory's scope.
  func entering(
    _ name: ArraySlice<UInt8>, at descriptor: FileDescriptor, messagePrefix: [UInt8],
    names: NamesSeen = NamesSeen()
  ) -> GitIgnoreScope {
    var path = directory
    if !path.isEmpty { path.append(UInt8(ascii: "/")) }
    path += name
    if isExcluded || excludes(name, isDirectory: true) {
      return GitIgnoreScope(
        parent: self, excludes: excludes, directory: path, patterns: [], isExcluded: true)
    }
    if names.gitDirectory != false, let gitDirectory = GitWorkTree.gitDirectory(in: descriptor) {
      return .top(
        at: descriptor, gitDirectory: gitDirectory, messagePrefix: messagePrefix,
        settings: excludes.settings, names: names)
    }
    let (patterns, failure) = Self.readIgnoreFile(
      in: descriptor, messagePrefix: messagePrefix, names: names)
    return GitIgnoreScope(
      parent: self, excludes: excludes, directory: path, patterns: patterns, failure: failure)
  }

  /// The patterns of the `.gitignore` in the directory open at
  /// `descriptor`: none when there is none, or it is not a file; a
  /// symbolic link is not followed (git reads none in a work tree) and is
  /// reported, as are unreadable files.
  private static func readIgnoreFile(
    in descriptor: FileDescriptor, messagePrefix: [UInt8], names: NamesSeen
  ) -> ([GitIgnorePattern], SystemError?) {
    guard names.ignoreFile != false else { return ([], nil) }
    do throws(Errno) {
      let contents = try descriptor.contents(of: ".gitignore", followingSymlink: false)
      return (GitIgnorePattern.patterns(in: contents), nil)
    } catch .noSuchFileOrDirectory, .notADirectory, .isADirectory {
      return ([], nil)
    } catch {
      return (
        [],
        SystemError(
          call: .readIgnoreFile, path: messagePrefix + Array(".gitignore".utf8), errno: error)
      )
    }
  }

  /// Whether git ignores the entry `name` of this directory.
  func excludes(_ name: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
    var path: [UInt8] = []
    return excludes(name, isDirectory: isDirectory, path: &path)
  }

  /// Whether git ignores the entry `name` of this directory, building its
  /// path in `path` (kept from call to call).
  ///
  /// The deepest `.gitignore` first, then those above, then `info/exclude`
  /// and `core.excludesFile`; within a file the last pattern that matches
  /// decides, and a `!` pattern re-includes.
  func excludes(
    _ name: ArraySlice<UInt8>, isDirectory: Bool, path: inout [UInt8]
  ) -> Bool {
    if isExcluded { return true }
    path.removeAll(keepingCapacity: true)
    path += directory
    if !path.isEmpty { path.append(UInt8(ascii: "/")) }
    let baseNameStart = path.count
    path += name
    return path.withUnsafeBufferPointer { path in
      var scope: GitIgnoreScope? = self
      while let current = scope {
        let decision = current.directory.withUnsafeBufferPointer { base in
          Self.decision(
            current.patterns, path, baseNameStart: baseNameStart, isDirectory: isDirectory,
            base: base)
        }
        if let decision { return decision }
        scope = current.parent
      }
      for patterns in [excludes.infoExclude, excludes.excludesFile] {
        if let decision = Self.decision(
          patterns, path, baseNameStart: baseNameStart, isDirectory: isDirectory,
          base: UnsafeBufferPointer(start: nil, count: 0))
        {
          return decision
        }
      }
      return false
    }
  }

  /// What the last pattern of `patterns` that matches says: ignored, or
  /// re-included; `nil` when none matches.
  private static func decision(
    _ patterns: [GitIgnorePattern], _ path: UnsafeBufferPointer<UInt8>, baseNameStart: Int,
    isDirectory: Bool, base: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    for pattern in patterns.reversed()
    where pattern.matches(
      path: path, baseNameStart: baseNameStart, isDirectory: isDirectory, base: base)
    {
      return !pattern.isNegated
    }
    return nil
  }
}

extension GitIgnoreScope {
  /// Whether `--gitignore` leaves `row` out: it is `.git`, or the rules of
  /// its directory ignore it.
  static func excludes(_ row: FileRow) -> Bool {
    let name = row.name
    if isGitDirectoryName(name) { return true }
    guard let scope = row.listing.rules as? GitIgnoreScope else { return false }
    let kind = row.kind == .unknown ? row.status?.kind ?? .unknown : row.kind
    return scope.excludes(name, isDirectory: kind == .directory)
  }

  /// Whether `name` is `.git`, which `--gitignore` never lists.
  static func isGitDirectoryName(_ name: some Collection<UInt8>) -> Bool {
    name.elementsEqual(".git".utf8)
  }
}

extension GitIgnoreScope {
  /// The rules of the subdirectory `name` of a directory whose rules are
  /// `parent`, open at `descriptor`: outside a work tree, a directory that
  /// holds a repository starts one; inside, ``entering(_:at:messagePrefix:)``.
  static func scope(
    of name: ArraySlice<UInt8>, below parent: GitIgnoreScope?, at descriptor: FileDescriptor,
    messagePrefix: [UInt8], settings: GitUserSettings?, names: NamesSeen = NamesSeen()
  ) -> GitIgnoreScope? {
    if let parent {
      return parent.entering(name, at: descriptor, messagePrefix: messagePrefix, names: names)
    }
    guard let settings, names.gitDirectory != false,
      let gitDirectory = GitWorkTree.gitDirectory(in: descriptor)
    else {
      return nil
    }
    return .top(
      at: descriptor, gitDirectory: gitDirectory, messagePrefix: messagePrefix, settings: settings,
      names: names)
  }

  /// Whether a directory's entries hold a `.gitignore` and a `.git`, when
  /// they were all read; `nil` when not known, and they are looked for.
  ///
  /// Most directories have neither, and knowing it from the names read
  /// saves two failed system calls each.
  struct NamesSeen {
    var ignoreFile: Bool?
    var gitDirectory: Bool?

    init() {}

    /// What a whole directory's read saw.
    init(_ seen: GitNamesSeen) {
      ignoreFile = seen.ignoreFile
      gitDirectory = seen.gitDirectory
    }
  }

  /// A subdirectory being entered by a walk with `--gitignore`: its rules
  /// are made as it is read, from what its entries hold.
  struct Entering: Sendable {
    let parent: GitIgnoreScope?
    let name: ArraySlice<UInt8>
    let messagePrefix: [UInt8]
    let settings: GitUserSettings

    /// The rules of the directory open at `descriptor`, whose whole read
    /// saw `names` (`nil` when only part was read).
    func scope(at descriptor: FileDescriptor, names: GitNamesSeen?) -> GitIgnoreScope? {
      GitIgnoreScope.scope(
        of: name, below: parent, at: descriptor, messagePrefix: messagePrefix,
        settings: settings, names: names.map(NamesSeen.init) ?? NamesSeen())
    }
  }
}

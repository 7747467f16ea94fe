/// Reads what the options need about each entry of a directory: `lstat`,
/// symlink targets, what symlinks point to, ACLs.
///
/// Failures are returned, not reported, since this may run on a reading
/// thread; an entry that vanished since `readdir` keeps its row with no status.
struct MetadataReader: Sendable {
  let needs: MetadataNeeds
  /// The kinds of entry that need a call, one bit per ``FileKind`` raw
  /// value, with the subdirectories' entry counts and without: every entry
  /// of every directory is asked, so the answer is worked out per kind once.
  private let kindsNeedingWork: (counting: UInt16, notCounting: UInt16)
  /// Above this many entries the work is split between two threads.
  static let parallelThreshold = 4096
  /// With threads to spare (a slow file system, where each status is a
  /// round trip), the work is split in parts of at least this many
  /// entries, at most ``mostParts`` of them: as many as the helpers' spare
  /// threads, for the operand's entries are statted while nothing else is.
  static let smallestPart = 4
  static let mostParts = HelperDemand.spareThreadLimit

  init(needs: MetadataNeeds) {
    self.needs = needs
    func kinds(_ needs: MetadataNeeds) -> UInt16 {
      var kinds: UInt16 = 0
      for kind in FileKind.allCases where Self.needsWork(kind, needs) {
        kinds |= 1 << kind.rawValue
      }
      return kinds
    }
    kindsNeedingWork = (kinds(needs), kinds(needs.withoutEntryCounts))
  }

  /// Fills in `list`'s details for the entries of the directory open as
  /// `directory`, whose entries' paths start with `pathPrefix`.
  ///
  /// - Parameters:
  ///   - list: The entries; their details are filled in.
  ///   - directory: Their directory, open.
  ///   - pathPrefix: What reaches the directory from the working directory.
  ///   - messagePrefix: What messages put before a name: ls names the
  ///     entries of `.` without `./`.
  ///   - countingEntries: Whether directories' entries are counted here,
  ///     when the `entries` field needs them.
  ///   - spareThreads: Threads to take for the work, when there are any:
  ///     each part of the directory is read on a thread of its own.
  ///   - positions: The entries to read about, when not all: a directory
  ///     whose first entries are read about while the rest arrive.
  /// - Returns: One error per entry that could not be read, in entry order.
  /// - Throws: ``MemoryExhausted`` when there is no room for the details.
  func read(
    _ list: inout EntryList, in directory: FileDescriptor, pathPrefix: [UInt8],
    messagePrefix: ArraySlice<UInt8>? = nil, countingEntries: Bool = true,
    spareThreads: Allowance? = nil, positions: Range<Int>? = nil
  ) throws(MemoryExhausted) -> [SystemError] {
    let start = positions?.lowerBound ?? 0
    let end = positions?.upperBound ?? list.count
    // A constant, not a variable: a closure that captures a variable
    // boxes it on the heap, an allocation per directory.
    let needs = countingEntries ? needs : needs.withoutEntryCounts
    let kinds = countingEntries ? kindsNeedingWork.counting : kindsNeedingWork.notCounting
    guard kinds != 0, start < end,
      list.entries[start..<end].contains(where: { kinds & (1 << $0.kind.rawValue) != 0 })
    else { return [] }
    try list.prepareDetails()
    let count = end - start
    let names = list.names
    // The most threads the work takes, this one included: two for a large
    // directory on a fast disk; with threads to spare, one per part.
    let mostThreads =
      spareThreads != nil
      ? min(Self.mostParts, count / Self.smallestPart) : count < Self.parallelThreshold ? 1 : 2
    var borrowed = 0
    defer { spareThreads?.giveBack(borrowed) }
    var outcomes: [Outcome] = []
    var only = Outcome()
    names.withUnsafeBufferPointer { names in
      list.entries.withUnsafeMutableBufferPointer { entries in
        list.details.withUnsafeMutableBufferPointer { details in
          // Copies of the pointers, for the crew's threads to capture.
          let (entries, details) = (entries, details)
          func work(_ range: Range<Int>, into outcome: inout Outcome) {
            read(
              range, entries, details, names, directory, pathPrefix,
              messagePrefix ?? pathPrefix[...], needs, into: &outcome)
          }
          guard mostThreads > 1 else {
            // No threads and no array of outcomes for the one part most
            // directories are.
            return work(start..<start + count, into: &only)
          }
          // Each thread claims the next block until none is left, so that
          // one whose entries take longer (a slower disk region, a lock)
          // does not leave the others waiting at the end. Blocks are
          // disjoint: each thread writes only its own entries.
          let blocks = BlockClaims(count: count, parts: mostThreads)
          let claimAll = { () -> Outcome in
            var outcome = Outcome()
            while let range = blocks.claim() {
              work(range.lowerBound + start..<range.upperBound + start, into: &outcome)
            }
            return outcome
          }
          let crew = Threads.Crew<Outcome>(capacity: mostThreads - 1)
          // On a fast disk the second thread starts at once. On a slow file
          // system as many start as are spare, and more join as other
          // directories give theirs back: one that found none spare is
          // otherwise read one round trip at a time to its end.
          func startMore() {
            var wanted = min(crew.capacity - crew.count, blocks.unclaimed / Self.smallestPart)
            if let spareThreads { wanted = spareThreads.take(upTo: wanted) }
            var started = 0
            while started < wanted && crew.start(claimAll) { started += 1 }
            if let spareThreads {
              borrowed += started
              spareThreads.giveBack(wanted - started)
            }
          }
          startMore()
          var mine = Outcome()
          while let range = blocks.claim() {
            work(range.lowerBound + start..<range.upperBound + start, into: &mine)
            if spareThreads != nil && crew.count < crew.capacity { startMore() }
          }
          outcomes = [mine] + crew.finish()
        }
      }
    }
    var failures: [(position: Int, error: SystemError)] = []
    func merge(_ outcome: Outcome) {
      list.symlinkTargets.merge(outcome.targets) { $1 }
      list.securityContexts.merge(outcome.contexts) { $1 }
      list.entryCounts.merge(outcome.entryCounts) { $1 }
      failures += outcome.failures
    }
    if mostThreads <= 1 {
      merge(only)
    } else {
      for outcome in outcomes { merge(outcome) }
      // Blocks were claimed in any order; messages go out in entry order.
      failures.sort { $0.position < $1.position }
    }
    return failures.map(\.error)
  }

  /// Whether every entry is read about, whatever its kind: a large
  /// directory's first entries are then worth reading about while the
  /// rest are read.
  var readsEveryEntry: Bool {
    needs.statusKinds.contains(.every) || needs.accessControlLists || needs.securityContexts
  }

  /// Whether anything is to be read about an entry of `kind`: nothing, in
  /// a walk of directories whose entries all said a kind that needs none.
  private static func needsWork(_ kind: FileKind, _ needs: MetadataNeeds) -> Bool {
    needs.needsStatus(kind)
      || (kind == .symbolicLink && (needs.symlinkTargets || needs.targetModes))
      || (kind == .directory && needs.entryCounts)
      || needs.accessControlLists || needs.securityContexts
  }

  /// Whether a status already read (an operand's, by `lstat`, when it was
  /// resolved) serves: it does unless a symlink is to be followed.
  private func isReusable(_ status: FileStatus?) -> Bool {
    guard let status else { return false }
    return !(needs.followsSymlinks && status.kind == .symbolicLink)
  }

  /// What one thread learned.
  private struct Outcome {
    var targets: [UInt32: [UInt8]] = [:]
    var contexts: [UInt32: [UInt8]] = [:]
    var entryCounts: [UInt32: Int] = [:]
    /// With the position of the entry each is about.
    var failures: [(position: Int, error: SystemError)] = []
  }

  private func read(
    _ range: Range<Int>,
    _ entries: UnsafeMutableBufferPointer<Entry>,
    _ details: UnsafeMutableBufferPointer<EntryDetails>,
    _ names: UnsafeBufferPointer<UInt8>,
    _ directory: FileDescriptor,
    _ pathPrefix: [UInt8],
    _ messagePrefix: ArraySlice<UInt8>,
    _ needs: MetadataNeeds,
    into outcome: inout Outcome
  ) {
    var aclPath = ACLPath(directory: directory, pathPrefix: pathPrefix)
    for position in range {
      let entry = entries[position]
      let index = Int(entry.index)
      let nameStart = Int(entry.nameOffset)
      let name = UnsafeRawPointer(names.baseAddress! + nameStart).assumingMemoryBound(
        to: CChar.self)
      func messagePath() -> [UInt8] {
        Array(messagePrefix)
          + UnsafeBufferPointer(rebasing: names[nameStart..<nameStart + Int(entry.nameLength)])
      }
      var kind = entry.kind
      if needs.needsStatus(kind), !isReusable(details[index].status) {
        do {
          let status = try directory.status(
            of: name, followingSymlink: needs.followsSymlinks, fields: needs.statusFields)
          details[index].status = status
          kind = status.kind
          entries[position].kind = kind
        } catch {
          outcome.failures.append((position, .status(messagePath(), error)))
          continue
        }
      }
      if kind == .symbolicLink {
        if needs.symlinkTargets {
          do {
            outcome.targets[entry.index] = try directory.symlinkTarget(of: name)
          } catch {
            outcome.failures.append((position, .readLink(messagePath(), error)))
          }
        }
        if needs.targetModes {
          details[index].targetMode =
            (try? directory.status(of: name, followingSymlink: true, fields: .kind))?.mode
        }
      }
      if needs.accessControlLists || needs.securityContexts {
        let found = ExtendedAttributes.read(
          name, length: Int(entry.nameLength), from: &aclPath,
          followsSymlink: needs.followsSymlinks, kind: kind,
          readsContext: needs.securityContexts, device: details[index].status?.device)
        details[index].accessMark = needs.accessControlLists ? AccessMark(found) : .none
        if let context = found.securityContext { outcome.contexts[entry.index] = context }
      }
      if needs.entryCounts && kind == .directory {
        do throws(Errno) {
          let stream = try DirectoryStream(
            opening: name, relativeTo: directory, followingSymlink: needs.followsSymlinks)
          outcome.entryCounts[entry.index] = try stream.countEntries()
        } catch {
          outcome.failures.append((position, .openDirectory(messagePath(), error)))
        }
      }
    }
  }
}

import CLinux
import Glibc
import Testing

/// What a finished child process left behind.
struct ProcessResult: Equatable, CustomStringConvertible {
  var standardOutput: [UInt8]
  var standardError: [UInt8]
  /// The exit status, or `nil` when a signal ended the process.
  var exitStatus: Int32?
  /// The signal that ended the process, if one did.
  var signal: Int32?
  /// Whether the process was killed for running past its time limit.
  var timedOut = false

  var errorText: String { String(decoding: standardError, as: UTF8.self) }
  var outputText: String { String(decoding: standardOutput, as: UTF8.self) }

  var description: String {
    "exit \(exitStatus.map(String.init) ?? "signal \(signal ?? 0)")\n"
      + "stdout: \(outputText.debugDescription)\nstderr: \(errorText.debugDescription)"
  }
}

/// Where a child's standard output goes.
enum OutputTarget {
  case capture
  case file(String)
  case closed
}

/// How long a child may run before it is killed and the test fails: far
/// beyond the slowest test's child (a million entries, about a minute on a
/// busy machine), so only a hang reaches it.
let defaultProcessTimeout: Double = 300

/// Runs a program with byte-string arguments and captures what it writes.
///
/// Arguments are bytes, not `String`s, so names that are not UTF-8 reach the
/// child intact (Foundation's `Process` would re-encode them). A child that
/// runs past `timeout` seconds is killed with its process group, and the
/// test records a failure naming the command.
func runProcess(
  _ executable: String,
  _ arguments: [[UInt8]],
  environment overrides: [String: String?] = [:],
  input: [UInt8]? = nil,
  output: OutputTarget = .capture,
  timeout: Double = defaultProcessTimeout
) -> ProcessResult {
  var outputPipe: [Int32] = [-1, -1]
  var errorPipe: [Int32] = [-1, -1]
  precondition(pipe(&outputPipe) == 0 && pipe(&errorPipe) == 0)
  // Tests run in parallel: keep these ends out of other tests' children.
  for fd in outputPipe + errorPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  var inputFile: String?
  if let input {
    let path = "/tmp/lsrows-test-input.\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
    writeFile(path, input)
    inputFile = path
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
  } else {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  }
  defer { if let inputFile { unlink(inputFile) } }
  switch output {
  case .capture: posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
  case .file(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY, 0)
  case .closed: posix_spawn_file_actions_addclose(&actions, 1)
  }
  posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
  // Tests run in parallel: descriptors other tests have open must not leak
  // into this child, or a low `ulimit -n` would already be used up.
  closeInheritedDescriptors(&actions)

  var environment: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
      environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
  }
  for (name, value) in overrides { environment[name] = value }

  let argv =
    ([Array(executable.utf8)] + arguments).map { word -> UnsafeMutablePointer<CChar>? in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
      for (index, byte) in word.enumerated() { copy[index] = CChar(bitPattern: byte) }
      copy[word.count] = 0
      return copy
    } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv { pointer?.deallocate() }
    for pointer in envp { free(pointer) }
  }

  // Its own process group, so that a timeout kills what it started too.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  posix_spawnattr_setflags(
    &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  posix_spawnattr_setpgroup(&attributes, 0)
  // As from a shell: no signal blocked (the test runner's threads block
  // some, and a child inherits its spawning thread's mask), and the
  // signals a test sends handled by default.
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)

  var pid: pid_t = 0
  let spawned = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
  close(outputPipe[1])
  close(errorPipe[1])
  precondition(spawned == 0, "cannot run \(executable): \(String(cString: strerror(spawned)))")

  var captured: [[UInt8]] = [[], []]
  var descriptors = [
    pollfd(fd: outputPipe[0], events: Int16(POLLIN), revents: 0),
    pollfd(fd: errorPipe[0], events: Int16(POLLIN), revents: 0),
  ]
  var open = 2
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  let deadline = monotonicSeconds() + timeout
  var timedOut = false
  while open > 0 {
    let remaining = deadline - monotonicSeconds()
    if remaining <= 0 && !timedOut {
      timedOut = true
      kill(-pid, SIGKILL)
    }
    let wait = timedOut ? 1000 : Int32(min(remaining * 1000, 60_000)) + 1
    if poll(&descriptors, 2, wait) <= 0 { continue }
    for index in 0..<2 where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
      let count = chunk.withUnsafeMutableBytes {
        read(descriptors[index].fd, $0.baseAddress, $0.count)
      }
      if count > 0 {
        captured[index].append(contentsOf: chunk[..<count])
      } else if count == 0 || errno != EINTR {
        close(descriptors[index].fd)
        descriptors[index].fd = -1
        open -= 1
      }
    }
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let signalled = status & 0x7F
  if timedOut {
    let command = ([Array(executable.utf8)] + arguments).map {
      String(decoding: $0, as: UTF8.self)
    }
    Issue.record("killed after \(timeout) s: \(command.joined(separator: " "))")
  }
  return ProcessResult(
    standardOutput: captured[0], standardError: captured[1],
    exitStatus: signalled == 0 ? (status >> 8) & 0xFF : nil,
    signal: signalled == 0 ? nil : signalled, timedOut: timedOut)
}

/// Seconds on the monotonic clock.
private func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Writes `contents` to a new file at `path`.
func writeFile(_ path: String, _ contents: [UInt8]) {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  precondition(fd >= 0, "cannot create \(path)")
  contents.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
  close(fd)
}

/// Reads the whole file at `path`.
func readFile(_ path: String) -> [UInt8] {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  precondition(fd >= 0, "cannot open \(path)")
  defer { close(fd) }
  var contents: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    precondition(count >= 0, "cannot read \(path)")
    if count == 0 { return contents }
    contents += chunk[..<count]
  }
}

/// Adds "close every descriptor from 3 up" to `actions`.
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  _ = clinux_spawn_close_from(&actions, 3)
}

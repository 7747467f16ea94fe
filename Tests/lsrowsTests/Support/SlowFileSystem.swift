import Glibc

/// `bench/slowfs.c` mounted over a fixture: a FUSE file system that waits
/// before every getattr and directory read, as a network one does, and
/// fails the names it is told to with EIO; unmounted when it goes.
///
/// Mounting needs root, `/dev/fuse`, `fusermount3` and libfuse3 to build
/// against (`pkg-config fuse3`); ``unavailable`` says what is missing.
final class SlowFileSystem {
  /// Why no slow file system can be mounted here, or `nil` when one can.
  static let unavailable: String? = {
    if getuid() != 0 { return "mounting FUSE needs root" }
    if access("/dev/fuse", R_OK | W_OK) != 0 { return "no /dev/fuse" }
    if runProcess("sh", [bytes("-c"), bytes("command -v fusermount3")]).exitStatus != 0 {
      return "no fusermount3 (Debian's fuse3)"
    }
    if runProcess("pkg-config", [bytes("--exists"), bytes("fuse3")]).exitStatus != 0 {
      return "no libfuse3 to build against (Debian's libfuse3-dev, pkg-config)"
    }
    return nil
  }()

  /// The server, built once per test process from the bench's source.
  private static let server: String = {
    let directory = "/tmp/lsrows-slowfs.\(getpid())"
    mkdir(directory, 0o755)
    let binary = directory + "/slowfs"
    let root = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
    let flags = runProcess("pkg-config", [bytes("--cflags"), bytes("--libs"), bytes("fuse3")])
    let built = runProcess(
      "cc",
      [bytes("-O2"), bytes("-o"), bytes(binary), bytes(root + "/bench/slowfs.c")]
        + flags.outputText.split(whereSeparator: \.isWhitespace).map { bytes(String($0)) })
    precondition(built.exitStatus == 0, "cannot build slowfs: \(built.errorText)")
    return binary
  }()

  /// Where the fixture appears, slowly.
  let mountPoint: String
  private let holder = TemporaryDirectory()

  /// Mounts a view of `source` that waits `delay` microseconds in each
  /// getattr and directory read, and fails the base names `failing`.
  init(over source: String, delay: Int = 500, failing: [String] = []) {
    mountPoint = holder.path + "/mount"
    mkdir(mountPoint, 0o755)
    var arguments = [
      source, mountPoint, "-o", "delay_us=\(delay)", "-o", "max_threads=64", "-o",
      "max_idle_threads=64",
    ]
    if !failing.isEmpty { arguments += ["-o", "fail=" + failing.joined(separator: "/")] }
    // Without -f the server returns once the file system is mounted, and
    // goes on in the background.
    let mounted = runProcess(Self.server, arguments.map(bytes))
    precondition(mounted.exitStatus == 0, "cannot mount slowfs: \(mounted.errorText)")
  }

  deinit {
    _ = runProcess("fusermount3", [bytes("-u"), bytes("-z"), bytes(mountPoint)])
  }
}

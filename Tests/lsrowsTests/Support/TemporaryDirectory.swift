import Glibc

/// A directory made for one test under /tmp and removed when the test ends.
///
/// Names are bytes, so fixtures can hold any name the kernel accepts. The
/// directory is mode 0755, so an unprivileged user (for permission tests)
/// can reach what is inside.
final class TemporaryDirectory {
  let path: String

  init() {
    var template = Array("/tmp/lsrows-test.XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer {
      mkdtemp($0.baseAddress!).map { String(cString: $0) }
    }
    guard let made else { preconditionFailure("mkdtemp failed") }
    path = made
    Glibc.chmod(path, 0o755)
  }

  deinit {
    // Make every directory writable again, then remove the tree.
    _ = runProcess("chmod", [bytes("-R"), bytes("u+rwx"), bytes(path)])
    _ = runProcess("rm", [bytes("-rf"), bytes(path)])
  }

  /// The absolute path of `name` inside this directory, as bytes.
  func path(_ name: [UInt8]) -> [UInt8] {
    bytes(path) + [UInt8(ascii: "/")] + name
  }

  func path(_ name: String) -> [UInt8] {
    path(bytes(name))
  }

  /// Creates a regular file holding `contents`.
  @discardableResult
  func file(_ name: [UInt8], contents: [UInt8] = [], mode: mode_t = 0o644) -> [UInt8] {
    let full = path(name)
    let fd = withCPath(full) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
    precondition(fd >= 0, "cannot create \(String(decoding: full, as: UTF8.self))")
    contents.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
    close(fd)
    withCPath(full) { _ = Glibc.chmod($0, mode) }
    return full
  }

  @discardableResult
  func file(_ name: String, contents: String = "", mode: mode_t = 0o644) -> [UInt8] {
    file(bytes(name), contents: bytes(contents), mode: mode)
  }

  /// Creates a directory.
  @discardableResult
  func directory(_ name: [UInt8], mode: mode_t = 0o755) -> [UInt8] {
    let full = path(name)
    precondition(withCPath(full) { mkdir($0, mode) } == 0, "mkdir failed")
    withCPath(full) { _ = Glibc.chmod($0, mode) }
    return full
  }

  @discardableResult
  func directory(_ name: String, mode: mode_t = 0o755) -> [UInt8] {
    directory(bytes(name), mode: mode)
  }

  /// Creates a symbolic link `name` pointing at `target` (as written).
  func symlink(_ name: [UInt8], to target: [UInt8]) {
    let full = path(name)
    let made = withCPath(target) { target in withCPath(full) { Glibc.symlink(target, $0) } }
    precondition(made == 0, "symlink failed")
  }

  /// Reads the symlinks `names` and the directories `directories` once, a
  /// clock tick after they were made.
  ///
  /// Under relatime, reading a link or a directory whose access time is not
  /// later than its change time moves the access time; listing with `-l`
  /// reads links, and listing reads directories, so two listings (ls's,
  /// then lsrows's) would otherwise see different access times.
  func settleAccessTimes(ofSymlinks names: [String], directories: [String] = []) {
    usleep(20_000)
    var buffer = [CChar](repeating: 0, count: 4096)
    for name in names {
      _ = withCPath(path(name)) { readlink($0, &buffer, buffer.count) }
    }
    for directory in directories {
      _ = TreeOracle.names(in: path(directory))
    }
  }

  func symlink(_ name: String, to target: String) {
    symlink(bytes(name), to: bytes(target))
  }

  /// Creates a named pipe.
  func fifo(_ name: [UInt8]) {
    precondition(withCPath(path(name)) { mkfifo($0, 0o644) } == 0, "mkfifo failed")
  }

  func fifo(_ name: String) {
    fifo(bytes(name))
  }

  /// Changes the mode of `name`.
  func chmod(_ name: String, _ mode: mode_t) {
    withCPath(path(name)) { _ = Glibc.chmod($0, mode) }
  }
}

/// Calls `body` with `path` as a NUL-terminated C string.
func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
  (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
}

extension TemporaryDirectory {
  /// Creates a Unix domain socket file.
  func socket(_ name: String) {
    let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    precondition(fd >= 0, "socket failed")
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let full = Array(path(name))
    precondition(full.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long")
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in full.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    precondition(bound == 0, "bind failed")
  }

  /// Sets the access and modification times of `name` (not following a symlink).
  func setTimes(_ name: String, seconds: Int, nanoseconds: Int, accessSeconds: Int? = nil) {
    var times = [
      timespec(tv_sec: accessSeconds ?? seconds, tv_nsec: nanoseconds),
      timespec(tv_sec: seconds, tv_nsec: nanoseconds),
    ]
    let done = withCPath(path(name)) { utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }
    precondition(done == 0, "utimensat failed")
  }

  /// Makes `name` another hard link to `existing`.
  func hardLink(_ name: String, to existing: String) {
    let done = withCPath(path(existing)) { from in withCPath(path(name)) { link(from, $0) } }
    precondition(done == 0, "link failed")
  }

  /// Gives `name` a POSIX access ACL granting user 65534 read access, so
  /// that `ls -l` shows a `+`.
  func addAccessControlList(_ name: String) {
    typealias SetAttribute =
      @convention(c) (
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32
      ) -> Int32
    let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr")!
    let setAttribute = unsafeBitCast(symbol, to: SetAttribute.self)
    // The kernel's ACL format: a version, then (tag, permissions, id) entries.
    var blob: [UInt8] = [2, 0, 0, 0]
    for (tag, permissions, id) in [
      (1, 6, UInt32.max), (2, 4, 65534), (4, 4, .max), (0x10, 4, .max), (0x20, 4, .max),
    ]
      as [(UInt16, UInt16, UInt32)]
    {
      withUnsafeBytes(of: tag.littleEndian) { blob += $0 }
      withUnsafeBytes(of: permissions.littleEndian) { blob += $0 }
      withUnsafeBytes(of: id.littleEndian) { blob += $0 }
    }
    let done = withCPath(path(name)) { path in
      blob.withUnsafeBytes {
        setAttribute(path, "system.posix_acl_access", $0.baseAddress, $0.count, 0)
      }
    }
    precondition(done == 0, "setxattr failed")
  }
}

extension TemporaryDirectory {
  /// Makes a sparse file of `size` bytes.
  func sizedFile(_ name: String, size: Int) {
    file(name)
    let done = withCPath(path(name)) { truncate($0, off_t(size)) }
    precondition(done == 0, "truncate failed")
  }

  /// Makes a block or character device node (root only).
  func device(_ name: String, character: Bool, major: UInt32, minor: UInt32) {
    let kind = character ? S_IFCHR : S_IFBLK
    let number = dev_t((UInt64(major) << 8) | UInt64(minor))
    let done = withCPath(path(name)) { mknod($0, kind | 0o600, number) }
    precondition(done == 0, "mknod failed")
  }
}

extension TemporaryDirectory {
  /// Sets the extended attribute `attribute` of `name` (not following a
  /// symlink); `false` when the file system or the user may not.
  @discardableResult
  func setAttribute(_ name: String, _ attribute: String, _ value: [UInt8]) -> Bool {
    typealias SetAttribute =
      @convention(c) (
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32
      ) -> Int32
    let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "lsetxattr")!
    let setAttribute = unsafeBitCast(symbol, to: SetAttribute.self)
    return withCPath(path(name)) { path in
      value.withUnsafeBytes { setAttribute(path, attribute, $0.baseAddress, $0.count, 0) } == 0
    }
  }
}

/// A copy of lsrows in `root/bin` that uid 65534 can run: the build
/// directory may sit where that user cannot enter.
func reachableLsrows(in root: TemporaryDirectory) -> String {
  root.directory("bin")
  let copy = root.path + "/bin/lsrows"
  _ = runProcess("cp", [bytes(Programs.lsrows), bytes(copy)])
  return copy
}

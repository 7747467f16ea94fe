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
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    path = String(cString: template)
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

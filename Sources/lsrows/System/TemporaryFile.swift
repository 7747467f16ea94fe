import Glibc

/// A private temporary file for sorted runs: made with `mkstemp` (mode
/// 0600, never an existing file) in `$TMPDIR`, else `/tmp`, and unlinked at
/// once, so that no exit, however abrupt (SIGINT, SIGTERM, SIGPIPE,
/// SIGKILL, a write error), leaves it behind: the kernel frees it when its
/// descriptor closes.
final class TemporaryFile {
  let descriptor: FileDescriptor
  /// Where it was made, for messages.
  let directory: [UInt8]

  /// - Throws: The `mkstemp` failure, with the directory it was made in.
  init() throws(SystemError) {
    let environment = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    let directory = Array((environment.isEmpty ? "/tmp" : environment).utf8)
    self.directory = directory
    var template = (directory + Array("/lsrows-sort.XXXXXX".utf8)).map { CChar(bitPattern: $0) }
    template.append(0)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw SystemError(call: .temporaryFile, path: directory, errno: Errno.current)
    }
    _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    descriptor = FileDescriptor(rawValue: fd)
  }

  deinit {
    descriptor.close()
  }

  /// Writes all of `bytes`.
  ///
  /// - Throws: The failure (no space left, an I/O error), naming the directory.
  func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    var written = 0
    while written < bytes.count {
      let count = Glibc.write(
        descriptor.rawValue, bytes.baseAddress! + written, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemError(call: .temporaryFile, path: directory, errno: Errno.current)
      }
      written += count
    }
  }

  /// Goes back to the start, to read what was written.
  func rewind() throws(SystemError) {
    guard lseek(descriptor.rawValue, 0, SEEK_SET) == 0 else {
      throw SystemError(call: .temporaryFile, path: directory, errno: Errno.current)
    }
  }

  /// Reads up to `buffer.count` bytes; 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    do {
      return try descriptor.read(into: buffer)
    } catch {
      throw SystemError(call: .temporaryFile, path: directory, errno: error)
    }
  }
}

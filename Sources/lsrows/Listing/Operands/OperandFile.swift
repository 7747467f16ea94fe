/// The NUL-terminated operands of a `--files0-from` file, read as du reads
/// them: one at a time, so a million names never sit in memory at once.
final class OperandFile {
  /// What the next read found.
  enum Item {
    /// A name to list.
    case operand([UInt8])
    /// An empty name, the `number`th of the file: du reports it and goes on.
    case emptyName(number: Int)
    /// The file could not be read any further.
    case failure(SystemError)
  }

  /// The file as the user named it (`-` is standard input).
  let path: [UInt8]
  private let input: FileDescriptor
  private var reader: OperandReader
  private var number = 0
  private var ended = false

  /// Opens `path` for reading, or takes standard input for `-`.
  ///
  /// - Throws: The open failure, as du words it.
  init(opening path: [UInt8]) throws(SystemError) {
    self.path = path
    if path == Array("-".utf8) {
      input = .standardInput
    } else {
      do {
        input = try path.withCString { name throws(Errno) in
          try FileDescriptor.openForReading(name)
        }
      } catch {
        throw .openForReading(path, error)
      }
    }
    reader = OperandReader(input)
  }

  deinit {
    if input != .standardInput { input.close() }
  }

  /// The next item, or `nil` after the last name or a failure.
  func next() -> Item? {
    guard !ended else { return nil }
    let name: [UInt8]?
    do {
      name = try reader.next()
    } catch {
      ended = true
      return .failure(.read(path, error))
    }
    guard let name else {
      ended = true
      return nil
    }
    number += 1
    return name.isEmpty ? .emptyName(number: number) : .operand(name)
  }
}

import Glibc

/// The rows `lsrows -R` should print, worked out independently: readdir and
/// lstat on the fixture, names sorted byte-wise, pre-order.
struct TreeOracle {
  enum Hidden { case none, almostAll, all }

  var hidden = Hidden.none
  var maxDepth = Int.max
  /// Keep rows of these lstat kinds (S_IFMT values); nil keeps all.
  var kinds: Set<UInt32>?
  var reversed = false
  /// Keep each directory's readdir order instead of sorting.
  var unsorted = false

  /// The rows below `directory`, each the path relative to it, with `prefix`.
  func rows(of directory: [UInt8], prefix: [UInt8] = []) -> [[UInt8]] {
    var rows: [[UInt8]] = []
    walk(directory, relative: [], depth: 1, prefix: prefix, into: &rows)
    return rows
  }

  private func walk(
    _ directory: [UInt8], relative: [UInt8], depth: Int, prefix: [UInt8], into rows: inout [[UInt8]]
  ) {
    var names = Self.names(in: directory)
    names = names.filter { name in
      guard name.first == UInt8(ascii: ".") else { return true }
      switch hidden {
      case .none: return false
      case .almostAll: return name != [0x2E] && name != [0x2E, 0x2E]
      case .all: return true
      }
    }
    if !unsorted {
      names.sort { $0.lexicographicallyPrecedes($1) }
      if reversed { names.reverse() }
    }
    for name in names {
      let path = directory + [0x2F] + name
      var status = stat()
      let known = withCPath(path) { lstat($0, &status) } == 0
      let type = status.st_mode & UInt32(S_IFMT)
      if kinds == nil || (known && kinds!.contains(type)) {
        rows.append(prefix + relative + name)
      }
      let isDotOrDotDot = name == [0x2E] || name == [0x2E, 0x2E]
      if known && type == UInt32(S_IFDIR) && depth < maxDepth && !isDotOrDotDot {
        walk(
          path, relative: relative + name + [0x2F], depth: depth + 1, prefix: prefix, into: &rows)
      }
    }
  }

  /// The names of a directory's entries, in readdir order.
  static func names(in directory: [UInt8]) -> [[UInt8]] {
    guard let stream = withCPath(directory, { opendir($0) }) else { return [] }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while let entry = readdir(stream) {
      names.append(nameOf(entry))
    }
    return names
  }

  /// The name in a `readdir` record, read in place: the record is only as
  /// long as its name, so copying the whole `d_name` array reads past it.
  static func nameOf(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
    return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
  }
}

extension TemporaryDirectory {
  /// A tree with weird names at several depths, hidden directories with
  /// contents, empty directories, symlinks (not walked) and a fifo.
  static func nested() -> TemporaryDirectory {
    let root = TemporaryDirectory()
    root.directory("top")
    var level: [UInt8] = bytes("top")
    for (depth, weird) in WeirdNames.all.prefix(6).enumerated() {
      root.file(level + [0x2F] + weird)
      root.file(level + bytes("/file\(depth)"))
      root.directory(level + bytes("/.hidden\(depth)"))
      root.file(level + bytes("/.hidden\(depth)/inside"))
      root.directory(level + bytes("/empty\(depth)"))
      let next = level + [0x2F] + weird + bytes("-dir")
      root.directory(next)
      level = next
    }
    root.file(level + bytes("/deepest"))
    root.symlink("top/link-to-top", to: ".")
    root.symlink("top/dangling", to: "missing")
    root.fifo("top/fifo")
    root.directory([0x74, 0x6F, 0x70, 0x2F, 0xFF, 0x64])
    root.file([0x74, 0x6F, 0x70, 0x2F, 0xFF, 0x64, 0x2F, 0xFE])
    return root
  }
}

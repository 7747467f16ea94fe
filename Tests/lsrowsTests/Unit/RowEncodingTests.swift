import Glibc
import Testing

@testable import lsrows

/// A row encoded for a temporary file and decoded again is the same row:
/// every part its cells and fields read, on its own listing.
@Suite struct RowEncodingTests {
  static func status(of path: String) -> FileStatus {
    var buffer = stat()
    #expect(lstat(path, &buffer) == 0)
    return FileStatus(buffer)
  }

  /// A list of three entries whose second has every optional part.
  static func makeRow(withParts: Bool) throws -> FileRow {
    var list = EntryList()
    try list.append(name: bytes("first"), status: status(of: "/"), kind: .directory)
    try list.append(
      name: [0x6C, 0x0A, 0xFF, 0x09, 0x2D], status: status(of: "/etc"), kind: .symbolicLink)
    try list.append(name: bytes("third"), status: nil, kind: .unknown)
    if withParts {
      list.entries[1].isDirectoryLike = true
      list.details[1].targetMode = FileMode(rawValue: 0o040755)
      list.details[1].accessMark = .accessControlList
      list.symlinkTargets[1] = [0x2E, 0x2E, 0xFE, 0x2F]
      list.securityContexts[1] = bytes("system_u:object_r:etc_t:s0")
      list.entryCounts[1] = 42
      list.treeTotals[1] = TreeTotals(
        size: 1234, blocks: 8, entries: 3, newest: Timestamp(seconds: -5, nanoseconds: 7))
    }
    let location = RowLocation(
      pathPrefix: bytes("./op/sub dir/"), displayStart: 2, depth: 2, messageStart: 2,
      relativeStart: 5, fieldPathStart: 2)
    let listing = Listing(
      list, at: location, directory: DirectoryID(walk: 3, directory: 17), returnsStorage: false)
    return FileRow(listing: listing, position: 1)
  }

  @Test(arguments: [true, false])
  func aDecodedRowIsTheRow(withParts: Bool) throws {
    let row = try Self.makeRow(withParts: withParts)
    var encoded: [UInt8] = [0xAA]
    row.encode(to: &encoded)
    let copy = try encoded.withUnsafeBytes { bytes in
      try FileRow(decoding: UnsafeRawBufferPointer(rebasing: bytes[1...]))
    }
    #expect(Array(copy.name) == Array(row.name))
    #expect(copy.kind == row.kind)
    #expect(copy.entry.isDirectoryLike == row.entry.isDirectoryLike)
    #expect(copy.status == row.status)
    #expect(copy.status != nil)
    #expect(copy.targetMode == row.targetMode)
    #expect(copy.details?.accessMark == row.details?.accessMark)
    #expect(copy.symlinkTarget == row.symlinkTarget)
    #expect(copy.securityContext == row.securityContext)
    #expect(copy.entryCount == row.entryCount)
    #expect(copy.treeTotals == row.treeTotals)
    #expect(copy.path == row.path)
    #expect(copy.displayText == row.displayText)
    #expect(Array(copy.location.messagePrefix) == Array(row.location.messagePrefix))
    #expect(Array(copy.location.relativePrefix) == Array(row.location.relativePrefix))
    #expect(Array(copy.location.fieldPathPrefix) == Array(row.location.fieldPathPrefix))
    #expect(copy.depth == row.depth)
    #expect(copy.listing.directory == row.listing.directory)
    #expect(copy.listing.isFiltered)
    #expect(copy.listing.count == 1)
    if withParts {
      #expect(copy.treeTotals?.newest == Timestamp(seconds: -5, nanoseconds: 7))
      #expect(copy.symlinkTarget == [0x2E, 0x2E, 0xFE, 0x2F])
    } else {
      #expect(copy.symlinkTarget == nil && copy.securityContext == nil)
      #expect(copy.treeTotals == nil && copy.entryCount == nil)
    }
  }
}

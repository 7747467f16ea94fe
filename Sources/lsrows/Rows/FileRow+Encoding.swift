extension FileRow {
  /// Appends the row, on its own, to `bytes`: what ``init(decoding:)``
  /// makes a row of again, in this process.
  ///
  /// For rows kept within a memory budget and written to temporary files:
  /// fixed-size values go as their bytes in memory (the same process reads
  /// them back), then the location's path prefix, the name, the link
  /// target and the security context.
  func encode(to bytes: inout [UInt8]) {
    let location = self.location
    var fixed = EncodedRowHeader(
      details: details, treeTotals: treeTotals,
      entryCount: entryCount ?? -1,
      directory: listing.directory,
      depth: location.depth, displayStart: location.displayStart,
      messageStart: location.messageStart, relativeStart: location.relativeStart,
      fieldPathStart: location.fieldPathStart,
      kind: kind, isDirectoryLike: entry.isDirectoryLike,
      prefixLength: location.pathPrefix.count, nameLength: 0,
      targetLength: symlinkTarget?.count ?? -1, contextLength: securityContext?.count ?? -1)
    let name = self.name
    fixed.nameLength = name.count
    withUnsafeBytes(of: fixed) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: location.pathPrefix)
    bytes.append(contentsOf: name)
    if let symlinkTarget { bytes.append(contentsOf: symlinkTarget) }
    if let securityContext { bytes.append(contentsOf: securityContext) }
  }

  /// The row ``encode(to:)`` wrote into `bytes`, on its own, shown.
  ///
  /// - Throws: ``MemoryExhausted`` when there is no room for it.
  init(decoding bytes: UnsafeRawBufferPointer) throws(MemoryExhausted) {
    let fixed = bytes.loadUnaligned(as: EncodedRowHeader.self)
    var offset = MemoryLayout<EncodedRowHeader>.size
    func take(_ count: Int) -> UnsafeRawBufferPointer {
      defer { offset += count }
      return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }
    let prefix = Array(take(fixed.prefixLength))
    let name = take(fixed.nameLength).assumingMemoryBound(to: UInt8.self)
    let target = fixed.targetLength < 0 ? nil : Array(take(fixed.targetLength))
    let context = fixed.contextLength < 0 ? nil : Array(take(fixed.contextLength))
    let parts = DetachedParts(
      kind: fixed.kind, isDirectoryLike: fixed.isDirectoryLike, details: fixed.details,
      symlinkTarget: target, securityContext: context,
      entryCount: fixed.entryCount < 0 ? nil : fixed.entryCount,
      treeTotals: fixed.treeTotals,
      location: RowLocation(
        pathPrefix: prefix, displayStart: fixed.displayStart, depth: fixed.depth,
        messageStart: fixed.messageStart, relativeStart: fixed.relativeStart,
        fieldPathStart: fixed.fieldPathStart),
      directory: fixed.directory)
    self = try parts.row(named: name, isShown: true)
  }
}

/// The fixed-size part of an encoded row, copied as its bytes in memory.
private struct EncodedRowHeader: BitwiseCopyable {
  var details: EntryDetails?
  var treeTotals: TreeTotals?
  var entryCount: Int
  var directory: DirectoryID
  var depth: Int
  var displayStart: Int
  var messageStart: Int
  var relativeStart: Int
  var fieldPathStart: Int
  var kind: FileKind
  var isDirectoryLike: Bool
  var prefixLength: Int
  var nameLength: Int
  var targetLength: Int
  var contextLength: Int
}

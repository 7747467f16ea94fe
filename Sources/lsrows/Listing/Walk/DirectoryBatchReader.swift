/// Reads batches of a directory's entries: the names, then what the
/// options need about them, then the sort.
struct DirectoryBatchReader: Sendable {
  var hidden: HiddenEntries
  var metadata: MetadataReader
  var order: EntryOrder

  /// Reads up to `limit` entries from `stream`.
  ///
  /// - Parameters:
  ///   - stream: The open directory.
  ///   - limit: The most entries to read.
  ///   - pathPrefix: What leads to the directory's entries from the working
  ///     directory, for messages and ACL lookups.
  /// - Returns: The entries, what went wrong, and whether the end was reached.
  func read(from stream: DirectoryStream, limit: Int, pathPrefix: [UInt8]) -> DirectoryBatch {
    var batch = DirectoryBatch()
    do throws(Errno) {
      batch.reachedEnd = try stream.read(into: &batch.list, limit: limit, keeping: hidden)
    } catch .outOfMemory {
      batch.exhausted = true
      return batch
    } catch {
      batch.readError = error
    }
    do throws(MemoryExhausted) {
      batch.failures = try metadata.read(
        &batch.list, in: stream.descriptor, pathPrefix: pathPrefix)
    } catch {
      batch.exhausted = true
      return batch
    }
    order.sort(&batch.list)
    return batch
  }
}

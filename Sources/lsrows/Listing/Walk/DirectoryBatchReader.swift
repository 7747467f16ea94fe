/// Reads batches of a directory's entries: the names, then what the
/// options need about them, then the sort.
struct DirectoryBatchReader: Sendable {
  var hidden: HiddenEntries
  /// `-I`, `-B`, `--hide`: names left out.
  var ignored = IgnoredNames([])
  var metadata: MetadataReader
  var order: EntryOrder
  /// `--prune`: directories whose name matches are left out.
  var prunes: [GlobPattern] = []

  /// Reads up to `limit` entries from `stream`.
  ///
  /// - Parameters:
  ///   - stream: The open directory.
  ///   - limit: The most entries to read.
  ///   - location: Where the entries are: their path from the working
  ///     directory (for messages and ACL lookups) and depth.
  /// - Returns: The entries, what went wrong, and whether the end was reached.
  func read(from stream: DirectoryStream, limit: Int, at location: RowLocation) -> DirectoryBatch {
    var batch = DirectoryBatch()
    do throws(Errno) {
      batch.reachedEnd = try stream.read(into: &batch.list, limit: limit, keeping: hidden)
    } catch .outOfMemory {
      batch.exhausted = true
      return batch
    } catch {
      batch.readError = error
    }
    if !ignored.isEmpty {
      // Before anything is read about them, as ls never looks at them.
      batch.list.removeEntries { _, name in ignored.contains(name) }
    }
    do throws(MemoryExhausted) {
      batch.failures = try metadata.read(
        &batch.list, in: stream.descriptor, pathPrefix: location.pathPrefix,
        messagePrefix: location.messagePrefix)
    } catch {
      batch.exhausted = true
      return batch
    }
    if !prunes.isEmpty {
      batch.list.removeEntries { entry, name in
        entry.kind == .directory && prunes.contains { $0.matches(FieldText(name)) }
      }
    }
    order.sort(&batch.list, at: location)
    return batch
  }
}

/// A row of a listing that something else keeps for as long as the row
/// is used: a position and an unretained reference, so that boxing and
/// unboxing it costs no reference count.
///
/// Only for rows that live within one write of a ``ListingSpans``, whose
/// holders keep the listings: the rows of one write are boxed and unboxed
/// before the write returns.
struct LentRow {
  let listing: Unmanaged<Listing>
  let position: Int

  /// Calls `body` with the row, its listing lent, not retained.
  @inline(__always)
  func withRow<Result>(_ body: (FileRow) -> Result) -> Result {
    listing._withUnsafeGuaranteedRef { listing in
      body(FileRow(listing: listing, position: position))
    }
  }
}

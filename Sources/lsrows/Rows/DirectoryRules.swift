/// Rules a walk attaches to a directory's listing, for the layers above
/// to read back: this layer only carries them.
///
/// A class to derive from rather than a protocol, so that a listing
/// holds one reference, not an existential.
/// Unchecked: it has no state, and what derives from it is immutable.
class DirectoryRules: @unchecked Sendable {}

/// Emptied boxes of one type, kept by a ``RowWriter`` for the rows of its
/// next streaming write.
///
/// Boxing every row is the design; allocating and freeing a box for every
/// row is not: in a tree of small directories it was a fifth of the
/// writer's time. A box's value is dropped as it is taken back, so the pool
/// keeps no row alive.
@usableFromInline
struct BoxPool {
  /// Every one a `Box` of `boxType`, empty, referenced only from here.
  @usableFromInline var boxes: [AnyObject] = []
  @usableFromInline var boxType: ObjectIdentifier?

  @inlinable
  init() {}

  /// A box holding `value`: one of the pool's, or a new one.
  @inlinable
  mutating func box<A>(_ value: A) -> AnyObject {
    if boxType == ObjectIdentifier(Box<A>.self), let reused = boxes.popLast() {
      // Only `recycle` fills the pool, with boxes of `boxType`.
      let box = unsafeDowncast(reused, to: Box<A>.self)
      box.content = value
      return box
    }
    return Box(value)
  }

  /// Takes back the boxes of `items`, emptying them, and leaves `items`
  /// empty with its capacity.
  ///
  /// Every item must be a `Box<A>` that nothing else references: the
  /// boxes of a streaming write's own store, which hands rows to its
  /// closure unboxed, so no box escapes it. (Asking the runtime instead
  /// does not work: `isKnownUniquelyReferenced` on an `AnyObject` answers
  /// `false` in some builds.)
  @inlinable
  mutating func recycle<A>(_ items: inout [AnyObject], of type: A.Type) {
    let type = ObjectIdentifier(Box<A>.self)
    if boxType != type {
      boxes.removeAll(keepingCapacity: true)
      boxType = type
    }
    for item in items {
      unsafeDowncast(item, to: Box<A>.self).content = nil
    }
    if boxes.isEmpty {
      swap(&boxes, &items)
    } else {
      boxes.append(contentsOf: items)
      items.removeAll(keepingCapacity: true)
    }
  }
}

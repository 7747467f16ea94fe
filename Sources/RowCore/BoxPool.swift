/// The boxes of a ``RowWriter``'s streaming writes, all of one type, kept
/// from one write to the next and filled in place.
///
/// Boxing every row is the design; allocating and freeing a box for every
/// row, or moving boxes in and out of a store (a retain and a release
/// each), is not: in a tree of small directories, where writes are many
/// and small, the two would outweigh the rows. A box's value is dropped once its row is written,
/// so the pool keeps no row alive.
@usableFromInline
struct BoxPool {
  /// Every one a `Box` of `boxType`; empty but while a write uses it.
  @usableFromInline var boxes: [AnyObject] = []
  @usableFromInline var boxType: ObjectIdentifier?

  @inlinable
  init() {}

  /// Boxes the next items of `items`, at most `limit` of them, into the
  /// first boxes: the pool's own while they last, then new ones.
  ///
  /// - Returns: How many were boxed; they are `boxes[..<count]`.
  @inlinable
  mutating func fill<Items: IteratorProtocol>(
    from items: inout Items, upTo limit: Int
  ) -> Int {
    let type = ObjectIdentifier(Box<Items.Element>.self)
    if boxType != type {
      boxes.removeAll(keepingCapacity: true)
      boxType = type
    }
    var count = 0
    let reusable = Swift.min(limit, boxes.count)
    if reusable > 0 {
      boxes.withUnsafeBufferPointer { boxes in
        boxes.withMemoryRebound(to: Unmanaged<AnyObject>.self) { boxes in
          while count < reusable, let item = items.next() {
            boxes[count]._withUnsafeGuaranteedRef {
              // Only this pool fills `boxes`, with boxes of `boxType`.
              unsafeDowncast($0, to: Box<Items.Element>.self).content = item
            }
            count += 1
          }
        }
      }
    }
    while count < limit, let item = items.next() {
      boxes.append(Box(item))
      count += 1
    }
    return count
  }

  /// Drops the values of the first `count` boxes, all `Box<A>`.
  @inlinable
  func empty<A>(_ count: Int, of type: A.Type) {
    boxes.withUnsafeBufferPointer { boxes in
      boxes.withMemoryRebound(to: Unmanaged<AnyObject>.self) { boxes in
        for index in 0..<count {
          boxes[index]._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: Box<A>.self).content = nil
          }
        }
      }
    }
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with these bytes as a NUL-terminated C string.
  ///
  /// A path can hold any byte but NUL, so this never truncates a real path.
  func withCString<Result, Failure: Error>(
    _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var terminated = self
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { buffer throws(Failure) in
      try buffer.withMemoryRebound(to: CChar.self) { chars throws(Failure) in
        try body(chars.baseAddress!)
      }
    }
  }
}

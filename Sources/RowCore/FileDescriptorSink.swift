#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
  /// A ``RowSink`` that writes to an open file descriptor with `write(2)`.
  ///
  /// Every chunk goes out whole: a write interrupted by a signal is retried,
  /// a short write continues where it stopped, and a non-blocking
  /// descriptor that is full is waited on. The descriptor is not closed.
  ///
  /// ```swift
  /// var writer = RowWriter(sink: FileDescriptorSink(descriptor: descriptor))
  /// try writer.write(rows(["hello"]) { cell, s in cell.append(s) })
  /// try writer.flush()  // "hello\n" written to the descriptor
  /// ```
  public struct FileDescriptorSink: RowSink, Sendable {
    /// Why a write failed: the `errno` that `write(2)` reported.
    ///
    /// ```swift
    /// var closed = FileDescriptorSink(descriptor: -1)
    /// let failure = Array("x".utf8).withUnsafeBytes { bytes in
    ///   Result { () throws(FileDescriptorSink.WriteError) in try closed.write(bytes) }
    /// }
    /// // failure is .failure(WriteError(errno: EBADF))
    /// ```
    public struct WriteError: Error, Equatable, Sendable {
      /// The error number (`EPIPE`, `ENOSPC`, `EBADF`, ...).
      ///
      /// ```swift
      /// let number = FileDescriptorSink.WriteError(errno: 28).errno  // 28 (ENOSPC)
      /// ```
      public let errno: Int32

      /// Creates an error for `errno`.
      ///
      /// ```swift
      /// let full = FileDescriptorSink.WriteError(errno: ENOSPC)
      /// ```
      ///
      /// - Parameter errno: The error number.
      public init(errno: Int32) {
        self.errno = errno
      }
    }

    /// The descriptor written to.
    ///
    /// ```swift
    /// let written = FileDescriptorSink(descriptor: 5).descriptor  // 5
    /// ```
    public let descriptor: Int32

    /// Creates a sink for an open descriptor.
    ///
    /// ```swift
    /// let standardError = FileDescriptorSink(descriptor: 2)
    /// let number = standardError.descriptor  // 2
    /// ```
    ///
    /// - Parameter descriptor: A descriptor open for writing.
    public init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    /// Standard output, descriptor 1.
    ///
    /// ```swift
    /// let output = FileDescriptorSink.standardOutput.descriptor  // 1
    /// ```
    public static var standardOutput: FileDescriptorSink {
      FileDescriptorSink(descriptor: 1)
    }

    /// Writes every byte of `bytes`.
    ///
    /// ```swift
    /// var sink = FileDescriptorSink(descriptor: descriptor)
    /// try Array("row\n".utf8).withUnsafeBytes { bytes in try sink.write(bytes) }
    /// ```
    ///
    /// - Parameter bytes: The bytes to write.
    /// - Throws: ``WriteError`` with the first error other than `EINTR`
    ///   (and `EAGAIN`, which is waited out).
    public mutating func write(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
      var remaining = bytes
      while !remaining.isEmpty {
        #if canImport(Darwin)
          let written = Darwin.write(descriptor, remaining.baseAddress, remaining.count)
        #elseif canImport(Glibc)
          let written = Glibc.write(descriptor, remaining.baseAddress, remaining.count)
        #elseif canImport(Musl)
          let written = Musl.write(descriptor, remaining.baseAddress, remaining.count)
        #else
          let written = Android.write(descriptor, remaining.baseAddress!, remaining.count)
        #endif
        if written >= 0 {
          remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
          continue
        }
        let error = errno
        if error == EINTR { continue }
        if error == EAGAIN || error == EWOULDBLOCK {
          waitUntilWritable()
          continue
        }
        throw WriteError(errno: error)
      }
    }

    /// Blocks until a full non-blocking descriptor can take more bytes.
    private func waitUntilWritable() {
      var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&request, 1, -1)
    }
  }
#endif

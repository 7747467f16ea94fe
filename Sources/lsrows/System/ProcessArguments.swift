import Glibc

/// The argument vector the kernel passed, taken before `main` runs.
///
/// glibc calls every function of an executable's `.init_array` with
/// `argc`, `argv` and `envp` (its own extension of the ELF rules, which
/// lsrows, a glibc program, may rely on). Taken there, the vector lets
/// lsrows define the runtime's `_swift_stdlib_getUnsafeArgvArgc` itself,
/// so that the static link leaves out the runtime's definition and its
/// static initializer: that one finds `argv` before `main` by reading
/// `/proc/self/maps` with `fopen` and `sscanf`, which would be a large part
/// of an empty listing's work and several system calls.
enum ProcessArguments {
  typealias Vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  /// What glibc calls an initializer with: `argc`, `argv` and `envp`.
  typealias Initializer = @convention(c) (Int32, Vector?, Vector?) -> Void

  /// `argc`; 0 until glibc has called the initializer.
  nonisolated(unsafe) static var count: Int32 = 0
  /// `argv`, NULL-terminated.
  nonisolated(unsafe) static var vector: Vector?

  /// The arguments, as bytes.
  ///
  /// `CommandLine.arguments` decodes them as UTF-8 and replaces invalid
  /// bytes, which would turn a valid path into a missing one.
  static var bytes: [[UInt8]] {
    guard let vector else { return [] }
    return (0..<Int(count)).map { index in
      guard let argument = vector[index] else { return [] }
      // Straight to bytes: an array of CChar first cost its own type's
      // metadata at start-up.
      return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
  }
}

/// What glibc calls before `main`, with the process's arguments.
@section(".init_array") @used
private let capture: ProcessArguments.Initializer = { count, vector, _ in
  ProcessArguments.count = count
  ProcessArguments.vector = vector
}

/// The runtime's way to `CommandLine.argc` and `CommandLine.unsafeArgv`,
/// answered from what glibc passed.
///
/// Its name and signature are those the standard library calls (a Swift
/// function, so the Swift calling convention). Should a toolchain rename
/// it, the link takes the runtime's own again and only start-up slows:
/// `SystemCallTests` then fails on the `/proc/self/maps` it reads.
@_silgen_name("_swift_stdlib_getUnsafeArgvArgc")
func runtimeArguments(_ count: UnsafeMutablePointer<Int32>) -> ProcessArguments.Vector? {
  count.pointee = ProcessArguments.count
  return ProcessArguments.vector
}
